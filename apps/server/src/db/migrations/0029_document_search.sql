-- Documents found by their words (decision 123): the text of a PDF, read when it is stored, and
-- one french tsvector over name, year and that text. Accents are folded on both sides (the
-- query in search.ts) with translate(): immutable, so it may compute a stored column, and no
-- extension (unaccent) is needed on PGlite.
ALTER TABLE "documents" ADD COLUMN "content_text" text;
--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "search" tsvector GENERATED ALWAYS AS (
  to_tsvector('french'::regconfig, translate(lower(
    "name" || ' ' || coalesce("year"::text, '') || ' ' || coalesce("content_text", '')
  ), 'àâäáãéèêëíìîïóòôöõúùûüýÿçñœæ', 'aaaaaeeeeiiiiooooouuuuyycnoa'))
) STORED;
--> statement-breakpoint
CREATE INDEX "documents_search" ON "documents" USING gin ("search");
