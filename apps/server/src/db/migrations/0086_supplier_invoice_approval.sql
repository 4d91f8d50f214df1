-- Supplier invoices captured in the console: the charge account and key they are booked to, the
-- conseil syndical's answer when it was consulted (loi art. 21), and the two journal écritures
-- (the charge 6xx / 401, its payment 401 / 512). Payment is recorded once: the column is set
-- by a conditional update.
ALTER TABLE "supplier_invoices" ADD COLUMN IF NOT EXISTS "account" text;--> statement-breakpoint
ALTER TABLE "supplier_invoices" ADD COLUMN IF NOT EXISTS "repartition_id" uuid REFERENCES "repartitions"("id") ON DELETE SET NULL;--> statement-breakpoint
-- envoyee | approuvee | refusee; null: never sent
ALTER TABLE "supplier_invoices" ADD COLUMN IF NOT EXISTS "council" text;--> statement-breakpoint
ALTER TABLE "supplier_invoices" ADD COLUMN IF NOT EXISTS "council_comment" text;--> statement-breakpoint
ALTER TABLE "supplier_invoices" ADD COLUMN IF NOT EXISTS "council_by" uuid REFERENCES "coproprietaires"("id") ON DELETE SET NULL;--> statement-breakpoint
ALTER TABLE "supplier_invoices" ADD COLUMN IF NOT EXISTS "council_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "supplier_invoices" ADD COLUMN IF NOT EXISTS "ecriture_id" uuid REFERENCES "journal_ecritures"("id");--> statement-breakpoint
ALTER TABLE "supplier_invoices" ADD COLUMN IF NOT EXISTS "payment_ecriture_id" uuid REFERENCES "journal_ecritures"("id");--> statement-breakpoint
ALTER TABLE "supplier_invoices" ADD COLUMN IF NOT EXISTS "paid_on" date;--> statement-breakpoint
-- The amount of contracts and marchés from which the assembly made the council's consultation
-- compulsory (art. 21, al. 2), with the resolution that set it where there is one.
CREATE TABLE IF NOT EXISTS "council_thresholds" (
  "copropriete_id" uuid PRIMARY KEY NOT NULL REFERENCES "coproprietes"("id") ON DELETE CASCADE,
  "amount_cents" bigint NOT NULL CHECK ("amount_cents" >= 0),
  "resolution_id" uuid REFERENCES "resolutions"("id") ON DELETE SET NULL,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
