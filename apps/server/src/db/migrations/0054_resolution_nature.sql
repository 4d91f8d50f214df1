-- A resolution may say what it decides (the contract's catalogue of decisions, which proposes the
-- article and the key), the reason the syndic gave for another article or key, and the resolution
-- of an earlier assembly it takes up again (loi 1965 art. 25-1, 2e alinéa: a new assembly within
-- three months may decide energy-saving works at the art. 24 majority).
ALTER TABLE "resolutions" ADD COLUMN "nature" text;--> statement-breakpoint
ALTER TABLE "resolutions" ADD COLUMN "article_reason" text;--> statement-breakpoint
ALTER TABLE "resolutions" ADD COLUMN "follows_resolution_id" uuid REFERENCES "resolutions"("id") ON DELETE SET NULL;
