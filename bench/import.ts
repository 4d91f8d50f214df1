/**
 * `npm run bench:import` ("Scale"): a 500-lot building with 20,000 ledger lines
 * pushed in one import document on PostgreSQL (BENCH_PG, default postgres://postgres@127.0.0.1:5432,
 * a fresh database dropped at the end), then the same document again (nothing changes), then
 * a dry run. Floor, measured in the same run on the same server: the same lots and ledger
 * rows written into the same tables by one INSERT … SELECT FROM unnest per table (rolled
 * back), with no validation, reference resolution, idempotency or audit: what any import sits on.
 */
import { randomBytes } from 'node:crypto';
import { loadavg } from 'node:os';
import pg from 'pg';
import { openDatabase } from '../apps/server/src/db/client.js';
import { benchDelta } from './import-delta.js';
import { importPortfolio } from '../apps/server/src/modules/syndic-api/import/import.service.js';
import { makeSyndic } from '../apps/server/src/test/factories.js';
import { building, LEDGER, LOTS } from './import-document.js';
import { type Cpu, cpuMeter, cpuSpent } from './import-cpu.js';

const PG = process.env.BENCH_PG ?? 'postgres://postgres@127.0.0.1:5432';
const ms = (t0: bigint) => Number(process.hrtime.bigint() - t0) / 1e6;
const fmt = (n: number) => `${(n / 1000).toFixed(2)} s`;

async function main() {
  const name = `tantieme_bench_import_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: PG });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(PG);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString() });
  try {
    await database.migrate();
    const syndic = await makeSyndic(database.db);
    const api = { syndicId: syndic.id, syndicAlias: syndic.alias, keyId: null, actor: 'bench' };
    const doc = { administrators: [], charges: [], financial_years: [], bills: [], ...building('B') };
    const bytes = Buffer.byteLength(JSON.stringify(doc));
    console.log(
      `Building: ${LOTS} lots, ${doc.coproprietaires.length} co-owners, ${LEDGER} ledger lines (${(bytes / 1e6).toFixed(1)} MB of JSON), PostgreSQL ${name}`,
    );

    const meter = cpuMeter(admin, name);
    /** Wall milliseconds and CPU seconds of one phase. */
    const timed = async <R>(run: () => Promise<R>): Promise<[R, number, Cpu | null]> => {
      const c0 = await meter();
      const t0 = process.hrtime.bigint();
      const r = await run();
      const t = ms(t0);
      return [r, t, cpuSpent(c0, await meter())];
    };
    const [dry, tDry, cDry] = await timed(() => importPortfolio(database.db, api, doc, { dryRun: true }));
    const [first, tFirst, cFirst] = await timed(() => importPortfolio(database.db, api, doc));
    const [floor1, cFloor1] = await floor(url.toString(), doc);
    const [again, tAgain, cAgain] = await timed(() => importPortfolio(database.db, api, doc));
    const [floor2, cFloor2] = await floor(url.toString(), doc);
    if (!dry.ok || !first.ok || !again.ok) throw new Error(JSON.stringify(first.errors.slice(0, 3)));
    if (again.counts.ledger_lines.unchanged !== LEDGER) throw new Error('re-send changed something');

    // The floor twice, after the first import and after the re-send: the quicker one counts.
    const [tRef, cRef] = floor1 <= floor2 ? [floor1, cFloor1] : [floor2, cFloor2];
    const rows = [
      ['floor: the same rows, one INSERT…unnest each', tRef, cRef],
      ['import, dry run (all checks, rolled back)', tDry, cDry],
      ['import, first time (created)', tFirst, cFirst],
      ['import, same document again (unchanged)', tAgain, cAgain],
    ] as const;
    const cpuOf = (c: Cpu | null) => (c ? c.node + c.pg : Number.NaN);
    console.log(`\n${''.padEnd(46)} ${'wall'.padStart(9)}   ×floor   CPU node + PostgreSQL   ×floor`);
    for (const [label, t, c] of rows)
      console.log(
        `${label.padEnd(46)} ${fmt(t).padStart(9)}   ×${(t / tRef).toFixed(1).padEnd(5)}  ${c ? `${c.node.toFixed(2)} + ${c.pg.toFixed(2)} s`.padEnd(22) : '–'.padEnd(22)}  ×${(cpuOf(c) / cpuOf(cRef)).toFixed(1)}`,
      );
    const [l1, l5] = loadavg();
    console.log(`load average ${l1.toFixed(1)} (1 min), ${l5.toFixed(1)} (5 min)`);
    const rate = (t: number) => Math.round(((LEDGER + LOTS) / t) * 1000);
    console.log(
      `\nFirst import: ${rate(tFirst)} items/s (floor ${rate(tRef)} items/s); re-send is ${(tFirst / tAgain).toFixed(1)}× faster than the first import.`,
    );
    // Node and PostgreSQL take turns on one connection: their CPU seconds added up are about
    // the wall time of a machine with nothing else running.
    console.log(
      `Per CPU second (node + PostgreSQL): first import ${rate(cpuOf(cFirst) * 1000)} items, floor ${rate(cpuOf(cRef) * 1000)} items.`,
    );
  } finally {
    await database.close();
    await admin.query(`drop database if exists ${name} with (force)`);
  }
  if (process.env.BENCH_DELTA_LINES !== '0') await delta(admin);
  await admin.end();
}

/**
 * Floor: the same lots and ledger rows, one INSERT … SELECT FROM unnest per table, into the real
 * tables (their keys and indexes), rolled back: no check, no reference, no audit.
 */
async function floor(url: string, doc: ReturnType<typeof building>): Promise<[number, Cpu | null]> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  const copro = (await c.query('select id from coproprietes limit 1')).rows[0].id as string;
  const ownerIds = new Map(
    (
      await c.query(
        `select r.external_id, r.internal_id, o.copropriete_id from syndic_external_refs r
         join coproprietaires o on o.id = r.internal_id where r.resource = 'coproprietaire'`,
      )
    ).rows.map((r) => [r.external_id as string, r]),
  );
  const lines = doc.ledger_lines;
  await c.query('begin');
  const meter = cpuMeter(c, new URL(url).pathname.slice(1));
  const c0 = await meter();
  const t0 = process.hrtime.bigint();
  await c.query(
    `insert into lots (copropriete_id, lot_id, name, type_name)
     select $1, n, name, t from unnest($2::text[], $3::text[], $4::text[]) as x(n, name, t)`,
    [
      copro,
      doc.lots.map((l) => `F${l.number}`),
      doc.lots.map((l) => l.name),
      doc.lots.map((l) => l.type_name),
    ],
  );
  await c.query(
    `insert into ledger_lines (coproprietaire_id, copropriete_id, name, date, amount_cents, remaining_cents,
       office_remaining_cents, amount_type)
     select o, c, n, d, a, r, r, t
     from unnest($1::uuid[], $2::uuid[], $3::text[], $4::date[], $5::int[], $6::int[], $7::text[]) as x(o, c, n, d, a, r, t)`,
    [
      lines.map((l) => ownerIds.get(l.coproprietaire)?.internal_id),
      lines.map((l) => ownerIds.get(l.coproprietaire)?.copropriete_id),
      lines.map((l) => l.name),
      lines.map((l) => l.date),
      lines.map((l) => l.amount_cents),
      lines.map((l) => l.remaining_cents),
      lines.map((l) => l.amount_type),
    ],
  );
  const t = ms(t0);
  const cpu = cpuSpent(c0, await meter());
  await c.query('rollback');
  await c.end();
  return [t, cpu];
}

/** The nightly delta, in a database of its own (import-delta.ts). */
async function delta(admin: pg.Client) {
  const name = `tantieme_bench_delta_${randomBytes(4).toString('hex')}`;
  await admin.query(`create database ${name}`);
  const url = new URL(PG);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString() });
  try {
    await database.migrate();
    const d = await benchDelta(database);
    console.log(
      `\nNightly delta: ${d.sent} ledger lines sent (${d.updated} changed, ${d.unchanged} unchanged) among the ${d.lines.toLocaleString('en')} of ${d.buildings} buildings: ${fmt(d.tDelta)}, ${Math.round((d.sent / d.tDelta) * 1000)} items/s (seeding and external ids: ${fmt(d.tSeed)}, not timed).`,
    );
  } finally {
    await database.close();
    await admin.query(`drop database if exists ${name} with (force)`);
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
