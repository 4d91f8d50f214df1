CREATE TABLE "notification_sends" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"syndic_id" uuid,
	"kind" text NOT NULL,
	"external_id" text,
	"target" jsonb NOT NULL,
	"request_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "notifications" ALTER COLUMN "user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "send_id" uuid;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "send_id" uuid;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "ref_id" uuid;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "next_attempt_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "claimed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "notification_sends" ADD CONSTRAINT "notification_sends_syndic_id_syndics_id_fk" FOREIGN KEY ("syndic_id") REFERENCES "public"."syndics"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "notification_sends_external" ON "notification_sends" USING btree ("syndic_id","kind","external_id");--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_send_id_notification_sends_id_fk" FOREIGN KEY ("send_id") REFERENCES "public"."notification_sends"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_send_id_notification_sends_id_fk" FOREIGN KEY ("send_id") REFERENCES "public"."notification_sends"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "messages_send" ON "messages" USING btree ("send_id");--> statement-breakpoint
CREATE INDEX "notifications_owner" ON "notifications" USING btree ("coproprietaire_id","created_date");--> statement-breakpoint
CREATE INDEX "notifications_send" ON "notifications" USING btree ("send_id");--> statement-breakpoint
CREATE INDEX "outbox_ref" ON "outbox" USING btree ("ref_id");