-- A publication the syndic forced although the 21 days of décret 1967 art. 9 could not run for
-- some co-owners: who, until when, by which key and when (shown as a risk on the assembly).
ALTER TABLE "assemblees" ADD COLUMN "convocation_risk" jsonb;
