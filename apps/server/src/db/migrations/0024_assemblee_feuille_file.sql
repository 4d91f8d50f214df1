ALTER TABLE "assemblees" ADD COLUMN "feuille_file_id" uuid;
--> statement-breakpoint
ALTER TABLE "assemblees" ADD CONSTRAINT "assemblees_feuille_file_id_files_id_fk" FOREIGN KEY ("feuille_file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;
