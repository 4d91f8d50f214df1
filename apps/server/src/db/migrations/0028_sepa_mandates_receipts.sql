-- The method the co-owner paid with (card | sepa_debit), known once the checkout completes.
ALTER TABLE "payment_requests" ADD COLUMN "payment_method" text;--> statement-breakpoint
-- A debit taken on a saved mandate: which mandate, and the date announced in its pre-notification.
ALTER TABLE "payment_requests" ADD COLUMN "mandate_id" uuid;--> statement-breakpoint
ALTER TABLE "payment_requests" ADD COLUMN "collect_on" date;--> statement-breakpoint
CREATE INDEX "payment_requests_owner_status" ON "payment_requests" USING btree ("coproprietaire_id","status");--> statement-breakpoint
-- A SEPA direct debit mandate the co-owner saved for the next appels de fonds. The IBAN itself
-- stays with the payment provider: only its first four characters and last four digits are kept to show it.
CREATE TABLE "sepa_mandates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"coproprietaire_id" uuid NOT NULL REFERENCES "coproprietaires"("id") ON DELETE CASCADE,
	"user_id" uuid,
	"reference" text NOT NULL UNIQUE,
	"account_holder" text NOT NULL,
	"iban_prefix" text NOT NULL,
	"iban_last4" text NOT NULL,
	"notice_days" integer DEFAULT 5 NOT NULL,
	"provider_payment_method_id" text,
	"signed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE UNIQUE INDEX "sepa_mandates_active" ON "sepa_mandates" USING btree ("coproprietaire_id") WHERE "revoked_at" IS NULL;
