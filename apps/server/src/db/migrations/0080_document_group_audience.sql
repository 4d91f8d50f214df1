-- Who reads a building's shelf of documents: every co-owner the building's settings let read its
-- documents ('all'), or only its conseil syndical ('council': décret 2019-502 art. 3 items).
ALTER TABLE "document_groups" ADD COLUMN IF NOT EXISTS "audience" text DEFAULT 'all' NOT NULL;
--> statement-breakpoint
ALTER TABLE "document_groups" DROP CONSTRAINT IF EXISTS "document_groups_audience";
--> statement-breakpoint
ALTER TABLE "document_groups" ADD CONSTRAINT "document_groups_audience" CHECK ("audience" in ('all', 'council'));
