-- Lettrage: what each product payment settled, and the back office's own figure per line.
CREATE TABLE "payment_allocations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"payment_transaction_id" uuid NOT NULL REFERENCES "payment_transactions"("id") ON DELETE cascade,
	"ledger_line_id" uuid NOT NULL REFERENCES "ledger_lines"("id") ON DELETE cascade,
	"amount_cents" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "payment_allocations_line" ON "payment_allocations" USING btree ("ledger_line_id");
--> statement-breakpoint
CREATE INDEX "payment_allocations_payment" ON "payment_allocations" USING btree ("payment_transaction_id");
--> statement-breakpoint
ALTER TABLE "ledger_lines" ADD COLUMN "office_remaining_cents" integer;
--> statement-breakpoint
ALTER TABLE "ledger_lines" ADD COLUMN "books_payment_id" uuid;
--> statement-breakpoint
ALTER TABLE "payment_transactions" ADD COLUMN "acknowledged_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "payment_transactions" ADD COLUMN "provider_payment_id" text;
--> statement-breakpoint
ALTER TABLE "payment_transactions" ADD COLUMN "refunded_cents" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
CREATE INDEX "payment_transactions_provider" ON "payment_transactions" USING btree ("provider_payment_id");
--> statement-breakpoint
-- The lines the syndic pushed so far: what they show is the back office's figure.
UPDATE "ledger_lines" SET "office_remaining_cents" = "remaining_cents"
WHERE "id" IN (SELECT "internal_id" FROM "syndic_external_refs" WHERE "resource" = 'ledger_line');
--> statement-breakpoint
-- Delta sync: what the syndic deleted, for the lists' `updated_since` (tombstones).
CREATE TABLE "syndic_tombstones" (
	"syndic_id" uuid NOT NULL REFERENCES "syndics"("id") ON DELETE cascade,
	"resource" text NOT NULL,
	"external_id" text NOT NULL,
	"internal_id" uuid NOT NULL,
	"deleted_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "syndic_tombstones_pk" PRIMARY KEY ("syndic_id", "resource", "external_id")
);
--> statement-breakpoint
CREATE INDEX "syndic_tombstones_deleted" ON "syndic_tombstones" USING btree ("syndic_id", "resource", "deleted_at");
--> statement-breakpoint
CREATE INDEX "syndic_external_refs_updated" ON "syndic_external_refs" USING btree ("syndic_id", "resource", "updated_at");
--> statement-breakpoint
-- Invitations idempotent by the syndic's key: the same external_id again sends nothing.
ALTER TABLE "invitations" ADD COLUMN "external_id" text;
--> statement-breakpoint
CREATE UNIQUE INDEX "invitations_owner_external" ON "invitations" USING btree ("coproprietaire_id", "external_id") WHERE "external_id" IS NOT NULL;
