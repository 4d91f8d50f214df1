CREATE TABLE "syndic_webhook_deliveries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"endpoint_id" uuid NOT NULL,
	"syndic_id" uuid NOT NULL,
	"event_id" text NOT NULL,
	"event_type" text NOT NULL,
	"body" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_status_code" integer,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"delivered_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "syndic_webhook_endpoints" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"syndic_id" uuid NOT NULL,
	"url" text NOT NULL,
	"events" jsonb NOT NULL,
	"secret_encrypted" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"disabled_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "syndic_webhook_deliveries" ADD CONSTRAINT "syndic_webhook_deliveries_endpoint_id_syndic_webhook_endpoints_id_fk" FOREIGN KEY ("endpoint_id") REFERENCES "public"."syndic_webhook_endpoints"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "syndic_webhook_endpoints" ADD CONSTRAINT "syndic_webhook_endpoints_syndic_id_syndics_id_fk" FOREIGN KEY ("syndic_id") REFERENCES "public"."syndics"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "syndic_webhook_deliveries_due" ON "syndic_webhook_deliveries" USING btree ("status","next_attempt_at");--> statement-breakpoint
CREATE INDEX "syndic_webhook_deliveries_endpoint" ON "syndic_webhook_deliveries" USING btree ("endpoint_id","created_at");--> statement-breakpoint
CREATE INDEX "syndic_webhook_endpoints_syndic" ON "syndic_webhook_endpoints" USING btree ("syndic_id");