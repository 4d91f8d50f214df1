ALTER TABLE "assemblees" ADD COLUMN "pv_sealed_file_id" uuid;
--> statement-breakpoint
ALTER TABLE "assemblees" ADD COLUMN "feuille_sealed_file_id" uuid;
--> statement-breakpoint
ALTER TABLE "signature_tokens" ADD COLUMN "sealed_file_id" uuid;
--> statement-breakpoint
ALTER TABLE "assemblees" ADD CONSTRAINT "assemblees_pv_sealed_file_id_files_id_fk" FOREIGN KEY ("pv_sealed_file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "assemblees" ADD CONSTRAINT "assemblees_feuille_sealed_file_id_files_id_fk" FOREIGN KEY ("feuille_sealed_file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "signature_tokens" ADD CONSTRAINT "signature_tokens_sealed_file_id_files_id_fk" FOREIGN KEY ("sealed_file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;
