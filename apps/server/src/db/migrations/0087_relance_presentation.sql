-- The first presentation of a mise en demeure: the thirty days of art. 19-2 run from the next day.
ALTER TABLE "relances" ADD COLUMN "first_presented_at" timestamp with time zone;
--> statement-breakpoint
-- The letter as sent (mise en demeure, art. 19-2), kept as proof and printed for the post.
ALTER TABLE "relances" ADD COLUMN "letter" text;
