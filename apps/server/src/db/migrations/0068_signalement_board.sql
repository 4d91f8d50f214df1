-- The syndic's board of signalements: who handles a report (a staff member, a supplier named in
-- words), the report a duplicate was merged into, and the syndic's internal notes, which no
-- co-owner reads.
ALTER TABLE "signalements" ADD COLUMN IF NOT EXISTS "assignee_id" uuid REFERENCES "administrators"("id") ON DELETE SET NULL;--> statement-breakpoint
ALTER TABLE "signalements" ADD COLUMN IF NOT EXISTS "supplier" text;--> statement-breakpoint
ALTER TABLE "signalements" ADD COLUMN IF NOT EXISTS "merged_into_id" uuid REFERENCES "signalements"("id") ON DELETE SET NULL;--> statement-breakpoint
ALTER TABLE "signalement_events" ADD COLUMN IF NOT EXISTS "internal" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- The portfolio counts a building's new reports; the board reads a building's reports by status.
CREATE INDEX IF NOT EXISTS "signalements_copro_status" ON "signalements" ("copropriete_id", "status");
