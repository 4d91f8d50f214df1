-- The console's portfolio counts the co-owners whose balance is over a threshold in every building
-- within reach: only the lines still open weigh in a balance (a settled line's remaining is 0), a
-- few in a hundred; read from the index alone, by building.
CREATE INDEX IF NOT EXISTS "ledger_lines_open" ON "ledger_lines" ("copropriete_id", "coproprietaire_id") INCLUDE ("amount_type", "remaining_cents") WHERE "remaining_cents" <> 0;
