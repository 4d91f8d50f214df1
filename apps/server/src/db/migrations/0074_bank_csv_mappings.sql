-- The columns of a bank's CSV statements, saved per syndic under the bank's name, so the next
-- statement of the same bank is read without asking again.
CREATE TABLE IF NOT EXISTS "bank_csv_mappings" (
  "syndic_id" uuid NOT NULL REFERENCES "syndics"("id") ON DELETE CASCADE,
  "bank_name" text NOT NULL,
  "mapping" jsonb NOT NULL,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL,
  PRIMARY KEY ("syndic_id", "bank_name")
);
