-- Recovering unpaid charges: the delays and fees a building's syndic sets, and each step sent to a
-- debtor (reminder, mise en demeure, art. 19-2 acceleration) with its channel and its fee.
CREATE TABLE IF NOT EXISTS "recouvrement_settings" (
  "copropriete_id" uuid PRIMARY KEY NOT NULL REFERENCES "coproprietes"("id") ON DELETE CASCADE,
  "reminder_days" integer[] DEFAULT '{15,30}' NOT NULL,
  "mise_en_demeure_days" integer DEFAULT 45 NOT NULL,
  "mise_en_demeure_fee_cents" integer DEFAULT 0 NOT NULL,
  "relance_fee_cents" integer DEFAULT 0 NOT NULL,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "relances" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "copropriete_id" uuid NOT NULL REFERENCES "coproprietes"("id") ON DELETE CASCADE,
  "coproprietaire_id" uuid NOT NULL REFERENCES "coproprietaires"("id") ON DELETE CASCADE,
  -- relance | mise_en_demeure | exigibilite
  "step" text NOT NULL,
  "grade" integer NOT NULL,
  -- the due date of the oldest unpaid debit the step is about (one run of steps per debt)
  "debt_since" date NOT NULL,
  "date" date NOT NULL,
  "amount_due_cents" integer NOT NULL,
  "fee_cents" integer DEFAULT 0 NOT NULL,
  "fee_ledger_line_id" uuid,
  "ecriture_id" uuid,
  -- app (notification) | lre | postal (loi art. 42-1)
  "channel" text NOT NULL,
  "sending_id" text,
  "error" text,
  "created_by" uuid,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "relances_once" ON "relances" ("coproprietaire_id", "debt_since", "step", "grade");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "relances_building" ON "relances" ("copropriete_id", "created_at");
--> statement-breakpoint
-- Art. 19-2: a co-owner's provisions of a later period made due at once; the period's appel, when
-- generated, leaves out what was already called here.
CREATE TABLE IF NOT EXISTS "appels_anticipes" (
  "financial_year_id" uuid NOT NULL REFERENCES "financial_years"("id") ON DELETE CASCADE,
  "kind" text NOT NULL,
  "period" integer NOT NULL,
  "coproprietaire_id" uuid NOT NULL REFERENCES "coproprietaires"("id") ON DELETE CASCADE,
  "amount_cents" integer NOT NULL,
  "relance_id" uuid NOT NULL REFERENCES "relances"("id"),
  PRIMARY KEY ("financial_year_id", "kind", "period", "coproprietaire_id")
);
