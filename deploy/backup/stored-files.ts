import { sql } from 'drizzle-orm';
import type { Db } from '../../apps/server/src/db/client.js';

/** Every stored object a row names: the files table, and the ballots' PDF receipts. */
export async function namedFiles(db: Db): Promise<{ key: string; size: number | null }[]> {
  const res = (await db.execute(sql`
    select storage_key as key, size from files
    union
    select receipt_key as key, null::int as size from assemblee_records where receipt_key is not null
    order by key`)) as unknown as { rows: { key: string; size: number | null }[] };
  return res.rows;
}

/** Each co-owner's statement balance (what the co-owner is shown), by record id. */
export async function statementBalances(db: Db): Promise<Record<string, number>> {
  const { getLedger } = await import('../../apps/server/src/modules/finances/finances.service.js');
  const res = (await db.execute(
    sql`select id, copropriete_id from coproprietaires order by id`,
  )) as unknown as { rows: { id: string; copropriete_id: string }[] };
  const out: Record<string, number> = {};
  for (const r of res.rows) out[r.id] = (await getLedger(db, r.id, r.copropriete_id)).solde;
  return out;
}

/** Each co-owner's balance from the ledger's rows alone: debits less credits, every line. */
export async function ledgerBalances(db: Db): Promise<Record<string, number>> {
  const res = (await db.execute(sql`
    select c.id, coalesce(sum(case when l.amount_type = 'debit' then l.remaining_cents else -l.remaining_cents end), 0)::int as solde
    from coproprietaires c left join ledger_lines l on l.coproprietaire_id = c.id and l.copropriete_id = c.copropriete_id
    group by c.id order by c.id`)) as unknown as { rows: { id: string; solde: number }[] };
  return Object.fromEntries(res.rows.map((r) => [r.id, Number(r.solde)]));
}
