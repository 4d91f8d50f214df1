-- A supplier invoice's dépense booked to a charge of the building: it then counts in the
-- building's spending ('Réalisé') of the exercice covering the invoice's date.
ALTER TABLE "invoice_depenses" ADD COLUMN "charge_id" uuid REFERENCES "charges"("id") ON DELETE SET NULL;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "charge_invoices_supplier_invoice" ON "charge_invoices" ("supplier_invoice_id");
