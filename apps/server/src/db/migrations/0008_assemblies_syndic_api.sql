ALTER TABLE "assemblees" ADD COLUMN "general_repartition_id" uuid;--> statement-breakpoint
ALTER TABLE "signature_tokens" ADD COLUMN "sent" jsonb;--> statement-breakpoint
ALTER TABLE "assemblees" ADD CONSTRAINT "assemblees_general_repartition_id_repartitions_id_fk" FOREIGN KEY ("general_repartition_id") REFERENCES "public"."repartitions"("id") ON DELETE no action ON UPDATE no action;