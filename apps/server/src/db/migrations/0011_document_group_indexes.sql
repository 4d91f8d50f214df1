CREATE INDEX "document_groups_copro" ON "document_groups" USING btree ("copropriete_id");--> statement-breakpoint
CREATE INDEX "document_groups_syndic" ON "document_groups" USING btree ("syndic_id");