-- Bank statements imported into account 512 (camt.053, CSV, OFX): a statement once per building,
-- each line once per statement, so importing the same file twice changes nothing.
CREATE TABLE IF NOT EXISTS "bank_statements" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "copropriete_id" uuid NOT NULL REFERENCES "coproprietes"("id"),
  "statement_ref" text NOT NULL,
  "format" text NOT NULL,
  "iban" text,
  "imported_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "bank_statements_ref" ON "bank_statements" ("copropriete_id", "statement_ref");--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "bank_lines" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "statement_id" uuid NOT NULL REFERENCES "bank_statements"("id"),
  "copropriete_id" uuid NOT NULL REFERENCES "coproprietes"("id"),
  "line_ref" text NOT NULL,
  "date" date NOT NULL,
  "amount_cents" bigint NOT NULL,
  "name" text DEFAULT '' NOT NULL,
  "reference" text DEFAULT '' NOT NULL,
  -- matched | unmatched (a credit waiting in 471) | outgoing (a debit of the account)
  "status" text NOT NULL,
  "coproprietaire_id" uuid REFERENCES "coproprietaires"("id"),
  "confidence" integer,
  "reason" text,
  "suggestions" jsonb DEFAULT '[]'::jsonb NOT NULL,
  "payment_transaction_id" uuid,
  "ecriture_id" uuid,
  "match_ecriture_id" uuid,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "bank_lines_ref" ON "bank_lines" ("statement_id", "line_ref");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "bank_lines_queue" ON "bank_lines" ("copropriete_id", "status");
