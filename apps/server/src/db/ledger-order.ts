import { and, asc, eq, sql } from 'drizzle-orm';
import { ledgerLines } from './schema/index.js';

// The statement's reads (finances) and the summary's (synthese) select a co-owner's lines the
// same way: one definition, so the two pages never disagree on which lines or in which order.

/** One co-owner's lines in their copropriété (placeholders `record` and `copro`), for every read of them. */
export const ownerLines = and(
  eq(ledgerLines.coproprietaire_id, sql.placeholder('record')),
  eq(ledgerLines.copropriete_id, sql.placeholder('copro')),
);

/** The statement's order of a co-owner's lines: by date, then as they were written. */
export const byDate = [asc(ledgerLines.date), asc(ledgerLines.created_at), asc(ledgerLines.id)];
