-- A saved SEPA mandate taken by Stripe (off-session PaymentIntents): its provider, customer and
-- Stripe mandate; the customer of each account per connected account, reused across mandates.
ALTER TABLE "sepa_mandates" ADD COLUMN "provider" text DEFAULT 'sandbox' NOT NULL;--> statement-breakpoint
ALTER TABLE "sepa_mandates" ADD COLUMN "provider_customer_id" text;--> statement-breakpoint
ALTER TABLE "sepa_mandates" ADD COLUMN "provider_mandate_id" text;--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "payment_customers" (
  "user_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
  "account_id" text NOT NULL,
  "customer_id" text NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  PRIMARY KEY ("user_id", "account_id")
);
