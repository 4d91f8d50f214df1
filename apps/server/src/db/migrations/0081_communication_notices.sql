-- A notice (avis) the syndic sends to a building, to the lots of one key (a staircase, a
-- bâtiment) or to chosen co-owners: one row for the notice, one communication row per recipient
-- (what the co-owner reads), and the first time each recipient opened it.
CREATE TABLE IF NOT EXISTS "communication_notices" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "syndic_id" uuid NOT NULL REFERENCES "syndics"("id") ON DELETE CASCADE,
  "copropriete_id" uuid NOT NULL REFERENCES "coproprietes"("id") ON DELETE CASCADE,
  -- immeuble | cle | coproprietaires
  "audience" text NOT NULL,
  "repartition_id" uuid REFERENCES "repartitions"("id") ON DELETE SET NULL,
  "subject" text NOT NULL,
  "html_body" text NOT NULL,
  "sent_by" text NOT NULL,
  "created_date" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "communication_notices_copro" ON "communication_notices" ("copropriete_id", "created_date");--> statement-breakpoint
ALTER TABLE "communications" ADD COLUMN IF NOT EXISTS "notice_id" uuid REFERENCES "communication_notices"("id") ON DELETE CASCADE;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "communications_notice" ON "communications" ("notice_id");--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "communication_reads" (
  "communication_id" uuid PRIMARY KEY NOT NULL REFERENCES "communications"("id") ON DELETE CASCADE,
  "read_at" timestamp with time zone DEFAULT now() NOT NULL
);
