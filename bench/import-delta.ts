/**
 * The nightly delta of `npm run bench:import`: a national portfolio (`seed-scale`, by default
 * 1,000 buildings, 50,000 co-owners, 2,000,000 ledger lines, all of one syndic, each known by
 * an external_id as if it had been imported), then 1 % of its ledger lines changed by the back
 * office (debits settled, credits renamed) sent in one import document. Only the delta is timed.
 */
import { sql } from 'drizzle-orm';
import type { Database } from '../apps/server/src/db/client.js';
import { importPortfolio } from '../apps/server/src/modules/syndic-api/import/import.service.js';
import { seedScale } from '../apps/server/seed/scale.js';

const LINES = Number(process.env.BENCH_DELTA_LINES ?? 2_000_000);
const SHARE = Number(process.env.BENCH_DELTA_SHARE ?? 0.01);

type Row = Record<string, unknown>;
const rowsOf = (r: unknown) => (r as { rows: Row[] }).rows;

export async function benchDelta(database: Database) {
  const db = database.db;
  const buildings = Math.max(1, Math.round(LINES / 2000));
  let t0 = Date.now();
  await seedScale(db, {
    coproprietes: buildings,
    coproprietaires: buildings * 50,
    ledgerLines: LINES,
    notificationsPerUser: 0,
    documentsPerRecord: 0,
    transactionsPerRecord: 0,
    invoicesPerYear: 0,
  });
  // One syndic holds the whole portfolio; its records get external ids, as an import gives.
  const [syndic] = rowsOf(await db.execute(sql`select id, alias from syndics where alias = 'scale-1'`));
  await db.execute(sql`update coproprietes set syndic_id = ${syndic.id} where syndic_id in
    (select id from syndics where alias like 'scale-%')`);
  for (const [resource, table, prefix] of [
    ['copropriete', 'coproprietes', 'IMM-'],
    ['coproprietaire', 'coproprietaires', 'CP-'],
    ['bill', 'bills', 'AF-'],
    ['ledger_line', 'ledger_lines', 'E-'],
  ] as const)
    await db.execute(sql`insert into syndic_external_refs (syndic_id, resource, external_id, internal_id)
      select ${syndic.id}, ${resource}, ${prefix} || t.id, t.id from ${sql.raw(table)} t`);
  await db.execute(sql`analyze`);
  const tSeed = Date.now() - t0;

  // 1 % of the lines, spread over every building: the back office's view of them, changed.
  const every = Math.max(1, Math.round(1 / SHARE));
  const picked = rowsOf(
    await db.execute(sql`select l.id, l.coproprietaire_id, l.bill_id, l.name, l.date::text as date,
      l.amount_type, l.amount_cents, l.remaining_cents, l.bill_type
      from ledger_lines l where abs(hashtext(l.id::text)) % ${every} = 0`),
  );
  // A debit still open is now settled in the back office; every other line is renamed.
  const settles = (l: Row) => l.amount_type === 'debit' && Number(l.remaining_cents) > 0;
  const ledger_lines = picked.map((l) => ({
    external_id: `E-${l.id}`,
    coproprietaire: `CP-${l.coproprietaire_id}`,
    date: l.date as string,
    name: settles(l) ? (l.name as string) : `${l.name} (rapproché)`,
    amount_type: l.amount_type as 'debit' | 'credit',
    amount_cents: l.amount_cents as number,
    remaining_cents: settles(l) ? 0 : (l.remaining_cents as number),
    bill: l.bill_id ? `AF-${l.bill_id}` : null,
    bill_type: l.bill_type as 'fonctionnement',
  }));
  const api = {
    syndicId: syndic.id as string,
    syndicAlias: syndic.alias as string,
    keyId: null,
    actor: 'bench',
  };
  const doc = {
    administrators: [],
    coproprietes: [],
    lots: [],
    repartitions: [],
    coproprietaires: [],
    charges: [],
    financial_years: [],
    bills: [],
    ledger_lines,
  };
  t0 = Date.now();
  const report = await importPortfolio(db, api, doc);
  const tDelta = Date.now() - t0;
  if (!report.ok) throw new Error(JSON.stringify(report.errors.slice(0, 3)));
  const c = report.counts.ledger_lines;
  return {
    lines: LINES,
    buildings,
    sent: ledger_lines.length,
    updated: c.updated,
    unchanged: c.unchanged,
    tSeed,
    tDelta,
  };
}
