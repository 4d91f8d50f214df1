-- One double-entry journal per copropriété (décret 2005-240, arrêté du 14 mars 2005): écritures
-- numbered without a gap per exercice, their lines on the chart of accounts, never changed.
CREATE TABLE IF NOT EXISTS "journal_exercices" (
  "financial_year_id" uuid PRIMARY KEY REFERENCES "financial_years"("id"),
  "copropriete_id" uuid NOT NULL REFERENCES "coproprietes"("id"),
  "last_number" integer DEFAULT 0 NOT NULL
);--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "journal_ecritures" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "copropriete_id" uuid NOT NULL REFERENCES "coproprietes"("id"),
  "financial_year_id" uuid NOT NULL REFERENCES "journal_exercices"("financial_year_id"),
  "number" integer NOT NULL,
  "date" date NOT NULL,
  "libelle" text NOT NULL,
  "piece" text,
  "source" text NOT NULL,
  "reverses_id" uuid REFERENCES "journal_ecritures"("id"),
  "created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "journal_ecritures_number" ON "journal_ecritures" ("financial_year_id", "number");--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "journal_ecritures_reverses" ON "journal_ecritures" ("reverses_id") WHERE "reverses_id" IS NOT NULL;--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "journal_lignes" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "ecriture_id" uuid NOT NULL REFERENCES "journal_ecritures"("id"),
  "copropriete_id" uuid NOT NULL REFERENCES "coproprietes"("id"),
  "account" text NOT NULL,
  "coproprietaire_id" uuid REFERENCES "coproprietaires"("id"),
  "debit_cents" bigint DEFAULT 0 NOT NULL,
  "credit_cents" bigint DEFAULT 0 NOT NULL,
  -- The co-owner statement's line this 450 line is (the statement is a view of account 450).
  "ledger_line_id" uuid,
  CONSTRAINT "journal_lignes_one_side" CHECK (("debit_cents" > 0) <> ("credit_cents" > 0) AND "debit_cents" >= 0 AND "credit_cents" >= 0)
);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "journal_lignes_ecriture" ON "journal_lignes" ("ecriture_id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "journal_lignes_account" ON "journal_lignes" ("copropriete_id", "account", "coproprietaire_id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "journal_lignes_owner" ON "journal_lignes" ("coproprietaire_id") WHERE "coproprietaire_id" IS NOT NULL;--> statement-breakpoint
-- A recorded écriture is never edited nor removed: a correction is a contre-passation.
CREATE OR REPLACE FUNCTION "journal_refuse_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'Le journal ne se modifie pas, une correction est une contre-passation.' USING ERRCODE = 'P0001';
END;
$$;--> statement-breakpoint
CREATE TRIGGER "journal_ecritures_frozen" BEFORE UPDATE OR DELETE ON "journal_ecritures" FOR EACH ROW EXECUTE FUNCTION "journal_refuse_change"();--> statement-breakpoint
CREATE TRIGGER "journal_lignes_frozen" BEFORE UPDATE OR DELETE ON "journal_lignes" FOR EACH ROW EXECUTE FUNCTION "journal_refuse_change"();
