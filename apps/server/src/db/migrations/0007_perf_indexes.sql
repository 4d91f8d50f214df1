CREATE INDEX "syndic_contacts_syndic" ON "syndic_contacts" USING btree ("syndic_id");--> statement-breakpoint
CREATE INDEX "repartitions_copro" ON "repartitions" USING btree ("copropriete_id");--> statement-breakpoint
CREATE INDEX "charges_copro" ON "charges" USING btree ("copropriete_id");