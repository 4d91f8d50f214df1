-- The syndic's console (decision 167). A copropriété run by a volunteer syndic (loi 65-557,
-- art. 17-2) names the user who holds that office: they reach that building in the console.
ALTER TABLE "coproprietes" ADD COLUMN "syndic_benevole_user_id" uuid REFERENCES "users"("id") ON DELETE SET NULL;--> statement-breakpoint
CREATE INDEX "coproprietes_benevole" ON "coproprietes" ("syndic_benevole_user_id") WHERE "syndic_benevole_user_id" IS NOT NULL;--> statement-breakpoint
-- A write through the console names the signed-in staff member or volunteer syndic (no API key).
ALTER TABLE "syndic_audit_log" ADD COLUMN "actor_user_id" uuid;--> statement-breakpoint
-- The lot's floor ('RDC', '2', 'Sous-sol'), entered in the console; null when not said.
ALTER TABLE "lots" ADD COLUMN "floor" text;--> statement-breakpoint
-- A staff member's buildings are read by member (the console's reach), the primary key leads by building.
CREATE INDEX "copropriete_administrators_admin" ON "copropriete_administrators" ("administrator_id");
