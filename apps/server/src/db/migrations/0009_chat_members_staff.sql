ALTER TABLE "administrators" ADD COLUMN "user_id" uuid;--> statement-breakpoint
ALTER TABLE "administrators" ADD COLUMN "disabled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "conversation_members" ADD COLUMN "last_seen_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "administrators" ADD CONSTRAINT "administrators_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "conversation_members_participant" ON "conversation_members" USING btree ("participant_id");--> statement-breakpoint
ALTER TABLE "administrators" ADD CONSTRAINT "administrators_user_id_unique" UNIQUE("user_id");