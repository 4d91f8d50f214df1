/**
 * `npm run bench:appels`: a quarter's appels de fonds for BENCH_COPROS buildings (default 1,000)
 * of 50 co-owners each (one lot each, two keys), generated and posted by the product (bill,
 * statement debits, journal écriture), on PostgreSQL (BENCH_PG, a
 * fresh database dropped at the end, named by BENCH_DB or at random). The product writes every
 * building's appels in one set-based transaction (generateMany). Reference in the same run on the same server: the same
 * bills, bill lines and statement debits written by plain INSERT … SELECT over every building
 * at once (rolled back), with no rounding rule, numbering, journal or checks.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase } from '../apps/server/src/db/client.js';
import { generateMany } from '../apps/server/src/modules/appels/appels.service.js';

const PG = process.env.BENCH_PG ?? 'postgres://postgres@127.0.0.1:5432';
const COPROS = Number(process.env.BENCH_COPROS ?? 1000);
const OWNERS = 50;
const ms = (t0: bigint) => Number(process.hrtime.bigint() - t0) / 1e6;

const SETUP = `
insert into syndics (id, name, alias) values (gen_random_uuid(), 'Syndic bench', 'bench-' || substr(md5(random()::text), 1, 8));
insert into coproprietes (id, syndic_id, name, address)
  select gen_random_uuid(), (select id from syndics limit 1), 'Résidence ' || g, '{}'::jsonb from generate_series(1, $1::int) g;
insert into financial_years (copropriete_id, year, couple, start_date, end_date)
  select id, 2026, '2026', '2026-01-01', '2026-12-31' from coproprietes;
insert into repartitions (copropriete_id, code, name, total_tantieme)
  select id, k.code, k.name, k.total from coproprietes, (values ('01', 'Charges générales', 10000), ('02', 'Ascenseur', 1000)) k(code, name, total);
insert into coproprietaires (copropriete_id, name, display_name, unique_code)
  select c.id, 'Copropriétaire ' || g, 'Copropriétaire ' || g, upper(substr(md5(c.id::text || g), 1, 9))
  from coproprietes c, generate_series(1, ${OWNERS}) g;
insert into lots (copropriete_id, lot_id, name)
  select copropriete_id, id::text, 'Lot ' || name from coproprietaires;
insert into coproprietaire_lots (coproprietaire_id, lot_id)
  select o.id, l.id from coproprietaires o join lots l on l.lot_id = o.id::text;
insert into lot_tantiemes (lot_id, repartition_id, tantieme)
  select l.id, r.id, case when r.code = '01' then 150 + (abs(hashtext(l.id::text)) % 100) else 20 end
  from lots l join repartitions r on r.copropriete_id = l.copropriete_id;
insert into appel_budgets (copropriete_id, financial_year_id, repartition_id, kind, amount_cents, periods)
  select y.copropriete_id, y.id, r.id, 'budget', case when r.code = '01' then 8000001 else 1200000 end, 4
  from financial_years y join repartitions r on r.copropriete_id = y.copropriete_id;
`;

const REFERENCE = `
with b as (
  insert into bills (copropriete_id, financial_year_id, name, date, bill_type, total_cents)
  select y.copropriete_id, y.id, 'Appel de fonds – 1er trimestre 2026', '2026-01-01', 'fonctionnement', 0
  from financial_years y returning id, copropriete_id
), l as (
  insert into bill_lot_lines (bill_id, lot_id, repartition_id, amount_cents)
  select b.id, t.lot_id, t.repartition_id, (100000 * t.tantieme / r.total_tantieme)::int
  from b join repartitions r on r.copropriete_id = b.copropriete_id join lot_tantiemes t on t.repartition_id = r.id
  returning bill_id, lot_id, amount_cents
)
insert into ledger_lines (coproprietaire_id, copropriete_id, bill_id, name, date, amount_cents, remaining_cents, amount_type, bill_type)
select cl.coproprietaire_id, b.copropriete_id, b.id, 'Appel de fonds – 1er trimestre 2026', '2026-01-01', sum(l.amount_cents), sum(l.amount_cents), 'debit', 'fonctionnement'
from l join b on b.id = l.bill_id join coproprietaire_lots cl on cl.lot_id = l.lot_id
group by cl.coproprietaire_id, b.copropriete_id, b.id`;

async function main() {
  const name = process.env.BENCH_DB ?? `tantieme_bench_appels_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: PG });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(PG);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString() });
  const client = new pg.Client({ connectionString: url.toString() });
  try {
    await database.migrate();
    await client.connect();
    await client.query('begin');
    for (const s of SETUP.split(';\n').filter((x) => x.trim()))
      await client.query(s, s.includes('$1') ? [COPROS] : []);
    await client.query('commit');
    const { rows: years } = await client.query<{ copro_id: string; year_id: string }>(
      'select copropriete_id as copro_id, id as year_id from financial_years order by copropriete_id',
    );
    console.log(`${COPROS} copropriétés, ${COPROS * OWNERS} co-owners, PostgreSQL ${name}`);

    await client.query('begin');
    const r0 = process.hrtime.bigint();
    await client.query(REFERENCE);
    const tRef = ms(r0);
    await client.query('rollback');

    const t0 = process.hrtime.bigint();
    const made = await generateMany(database.db, {
      exercices: years.map((y) => ({ coproprieteId: y.copro_id, financialYearId: y.year_id })),
      kind: 'budget',
      period: 1,
    });
    const tProduct = ms(t0);
    const { rows } = await client.query<{ n: string; e: string }>(
      `select (select count(*) from ledger_lines) n, (select count(*) from journal_lignes) e`,
    );
    console.log(`\n${''.padEnd(64)} ${'wall'.padStart(9)}   ×reference`);
    console.log(
      `${'reference: plain INSERT…SELECT of bills, lines, debits'.padEnd(64)} ${(tRef / 1000).toFixed(2).padStart(7)} s   ×1.0`,
    );
    console.log(
      `${'product: appels generated and posted (set-based, numbered)'.padEnd(64)} ${(tProduct / 1000).toFixed(2).padStart(7)} s   ×${(tProduct / tRef).toFixed(1)}`,
    );
    console.log(
      `${made.length} exercices, ${rows[0].n} statement debits, ${rows[0].e} journal lines written by the product.`,
    );
  } finally {
    await client.end().catch(() => {});
    await database.close();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
