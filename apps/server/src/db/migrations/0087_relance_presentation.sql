-- The first presentation of a mise en demeure: the thirty days of art. 19-2 run from the next day.
ALTER TABLE "relances" ADD COLUMN "first_presented_at" timestamp with time zone;
