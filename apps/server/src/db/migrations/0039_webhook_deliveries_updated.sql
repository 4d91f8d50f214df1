-- A delivery changes after it is created (attempts, status, a redelivery, an RGPD redaction):
-- `updated_at` says when, for the delivery log's `updated_since`. A row trigger sets it on every
-- update, whatever the path that writes.
ALTER TABLE "syndic_webhook_deliveries" ADD COLUMN "updated_at" timestamp with time zone;--> statement-breakpoint
UPDATE "syndic_webhook_deliveries" SET "updated_at" = greatest("created_at", coalesce("delivered_at", "created_at"));--> statement-breakpoint
ALTER TABLE "syndic_webhook_deliveries" ALTER COLUMN "updated_at" SET DEFAULT now();--> statement-breakpoint
ALTER TABLE "syndic_webhook_deliveries" ALTER COLUMN "updated_at" SET NOT NULL;--> statement-breakpoint
CREATE FUNCTION "webhook_delivery_touch"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW."updated_at" := now();
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "syndic_webhook_deliveries_touch" BEFORE UPDATE ON "syndic_webhook_deliveries" FOR EACH ROW EXECUTE FUNCTION "webhook_delivery_touch"();--> statement-breakpoint
CREATE INDEX "syndic_webhook_deliveries_updated" ON "syndic_webhook_deliveries" USING btree ("endpoint_id", "updated_at", "id");
