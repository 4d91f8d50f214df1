-- A clé de répartition says what it shares: the charges générales, the charges spéciales of a
-- service or an equipment (loi 1965 art. 10), or parties communes spéciales (art. 6-2). Art. 26
-- decides on the first or the last only. Keys already used as an assembly's charges générales
-- are marked so; every other key is charges spéciales until the syndic says otherwise.
ALTER TABLE "repartitions" ADD COLUMN "kind" text DEFAULT 'charges_speciales' NOT NULL;--> statement-breakpoint
ALTER TABLE "repartitions" ADD CONSTRAINT "repartitions_kind_check" CHECK ("kind" IN ('generales', 'charges_speciales', 'parties_communes_speciales'));--> statement-breakpoint
UPDATE "repartitions" SET "kind" = 'generales' WHERE "id" IN (SELECT "general_repartition_id" FROM "assemblees" WHERE "general_repartition_id" IS NOT NULL);
