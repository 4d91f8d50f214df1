-- The budget prévisionnel per exercice and key (and the fonds de travaux, the works of art.
-- 14-2), voted by an assembly resolution; each period's appels generated once.
CREATE TABLE IF NOT EXISTS "appel_budgets" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "copropriete_id" uuid NOT NULL REFERENCES "coproprietes"("id") ON DELETE CASCADE,
  "financial_year_id" uuid NOT NULL REFERENCES "financial_years"("id") ON DELETE CASCADE,
  "repartition_id" uuid NOT NULL REFERENCES "repartitions"("id") ON DELETE CASCADE,
  "kind" text NOT NULL,
  "amount_cents" bigint NOT NULL,
  "periods" integer DEFAULT 4 NOT NULL,
  "resolution_id" uuid REFERENCES "resolutions"("id") ON DELETE SET NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "appel_budgets_kind" CHECK ("kind" IN ('budget', 'travaux', 'fonds_travaux')),
  CONSTRAINT "appel_budgets_amount" CHECK ("amount_cents" >= 0)
);--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "appel_budgets_year_key_kind" ON "appel_budgets" ("financial_year_id", "repartition_id", "kind");--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "appel_runs" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "copropriete_id" uuid NOT NULL REFERENCES "coproprietes"("id") ON DELETE CASCADE,
  "financial_year_id" uuid NOT NULL REFERENCES "financial_years"("id"),
  "kind" text NOT NULL,
  "period" integer NOT NULL,
  "due_date" date NOT NULL,
  "bill_id" uuid REFERENCES "bills"("id") ON DELETE SET NULL,
  "ecriture_id" uuid NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "appel_runs_once" ON "appel_runs" ("financial_year_id", "kind", "period");
