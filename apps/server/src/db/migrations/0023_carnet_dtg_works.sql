-- The diagnostic technique global's list of works in the carnet d'entretien (décret 2001-477 art. 3).
ALTER TABLE "carnets_entretien" ADD COLUMN "dtg_works" jsonb DEFAULT '[]'::jsonb NOT NULL;
