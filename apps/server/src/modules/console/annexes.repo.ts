import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';

/** The reads of the year's close: balances at a date, per account and co-owner. */

const rows = <T>(r: unknown) => (r as { rows: T[] }).rows;

/**
 * Debit and credit of each account (and co-owner on 450x) of a building over every écriture
 * dated up to `endDate`: the situation at the close, earlier exercices included.
 */
export async function balancesAt(db: Executor, coproprieteId: string, endDate: string) {
  return rows<{ account: string; coproprietaire_id: string | null; debit: string; credit: string }>(
    await db.execute(sql`
      select l.account, l.coproprietaire_id,
             sum(l.debit_cents)::text as debit, sum(l.credit_cents)::text as credit
      from journal_lignes l join journal_ecritures e on e.id = l.ecriture_id
      where l.copropriete_id = ${coproprieteId} and e.date <= ${endDate}::date
      group by l.account, l.coproprietaire_id order by l.account`),
  );
}
