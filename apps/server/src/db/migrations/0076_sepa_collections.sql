-- SEPA collections by file: the building's creditor settings (ICS, the syndicat's account), the
-- debtor's account of a mandate collected by file, each remise (pain.008) and its items, and each
-- answer of the bank imported (pain.002, camt.054) once.
CREATE TABLE IF NOT EXISTS "sepa_creditors" (
  "copropriete_id" uuid PRIMARY KEY NOT NULL REFERENCES "coproprietes"("id") ON DELETE CASCADE,
  "name" text NOT NULL,
  "ics" text NOT NULL,
  "iban" text NOT NULL,
  "bic" text,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "sepa_mandate_accounts" (
  "mandate_id" uuid PRIMARY KEY NOT NULL REFERENCES "sepa_mandates"("id") ON DELETE CASCADE,
  "iban" text NOT NULL,
  "bic" text
);--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "sepa_collections" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "copropriete_id" uuid NOT NULL REFERENCES "coproprietes"("id") ON DELETE CASCADE,
  "financial_year_id" uuid NOT NULL REFERENCES "financial_years"("id"),
  "due_date" date NOT NULL,
  "message_id" text NOT NULL UNIQUE,
  "total_cents" bigint NOT NULL,
  "items" integer NOT NULL,
  -- generated (the file to upload) | settled (the bank took the money)
  "status" text DEFAULT 'generated' NOT NULL,
  "created_by" uuid,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "settled_at" timestamp with time zone
);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "sepa_collections_building" ON "sepa_collections" ("copropriete_id", "due_date");--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "sepa_collection_items" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "collection_id" uuid NOT NULL REFERENCES "sepa_collections"("id") ON DELETE CASCADE,
  "copropriete_id" uuid NOT NULL REFERENCES "coproprietes"("id") ON DELETE CASCADE,
  "coproprietaire_id" uuid NOT NULL REFERENCES "coproprietaires"("id") ON DELETE CASCADE,
  "mandate_id" uuid NOT NULL REFERENCES "sepa_mandates"("id"),
  "payment_request_id" uuid NOT NULL UNIQUE REFERENCES "payment_requests"("id"),
  "end_to_end_id" text NOT NULL UNIQUE,
  "amount_cents" integer NOT NULL,
  -- submitted | settled | rejected | returned (rules/sepaCollection.ts answerEffect)
  "status" text DEFAULT 'submitted' NOT NULL,
  "payment_transaction_id" uuid,
  "ecriture_id" uuid,
  "return_ecriture_id" uuid,
  "reason" text,
  "answered_at" timestamp with time zone
);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "sepa_collection_items_collection" ON "sepa_collection_items" ("collection_id");--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "sepa_answers" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "copropriete_id" uuid NOT NULL REFERENCES "coproprietes"("id") ON DELETE CASCADE,
  "format" text NOT NULL,
  "ref" text NOT NULL,
  "imported_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "sepa_answers_ref" ON "sepa_answers" ("copropriete_id", "ref");
