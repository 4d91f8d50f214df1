/**
 * `npm run bench:bank`: a BENCH_LINES-line (default 5,000) bank statement, CSV, imported and
 * matched by the product (lines into 512, each credit matched to its co-owner by reference or
 * queued in 471, payments lettered, the journal posted) for a building of BENCH_LINES / 2
 * co-owners who each owe one appel, on PostgreSQL (BENCH_PG, a fresh database dropped at the
 * end, named by BENCH_DB or at random). Reference in the same run: the same lines written by a
 * plain INSERT … SELECT into bank_lines (rolled back), with no parsing, matching or journal; and
 * the rows the product writes (payments, allocations, credit lines, écritures and their lines, the
 * lines' outcome) by plain SQL, rolled back too.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase } from '../apps/server/src/db/client.js';
import { generate, setBudget } from '../apps/server/src/modules/appels/appels.service.js';
import { importStatement } from '../apps/server/src/modules/bank/bank.service.js';

const PG = process.env.BENCH_PG ?? 'postgres://postgres@127.0.0.1:5432';
const LINES = Number(process.env.BENCH_LINES ?? 5000);
const OWNERS = Math.ceil(LINES / 2);
const ms = (t0: bigint) => Number(process.hrtime.bigint() - t0) / 1e6;

const SETUP = `
insert into syndics (id, name, alias) values (gen_random_uuid(), 'Syndic bench', 'bench-' || substr(md5(random()::text), 1, 8));
insert into coproprietes (id, syndic_id, name, address) select gen_random_uuid(), id, 'Résidence du Relevé', '{}'::jsonb from syndics;
insert into financial_years (copropriete_id, year, couple, start_date, end_date)
  select id, 2026, '2026', '2026-01-01', '2026-12-31' from coproprietes;
insert into repartitions (copropriete_id, code, name, total_tantieme)
  select id, '01', 'Charges générales', ${OWNERS * 10} from coproprietes;
insert into coproprietaires (copropriete_id, name, display_name, last_name, unique_code)
  select c.id, 'Copropriétaire ' || g, 'Copropriétaire ' || g, 'Nom' || g, 'REF' || lpad(g::text, 6, '0')
  from coproprietes c, generate_series(1, ${OWNERS}) g;
insert into lots (copropriete_id, lot_id, name) select copropriete_id, id::text, 'Lot ' || name from coproprietaires;
insert into coproprietaire_lots (coproprietaire_id, lot_id) select o.id, l.id from coproprietaires o join lots l on l.lot_id = o.id::text;
insert into lot_tantiemes (lot_id, repartition_id, tantieme) select l.id, r.id, 10 from lots l join repartitions r on r.copropriete_id = l.copropriete_id;
`;

/** Plain SQL writing the rows the import writes ($1 building, $2 lines, $3 exercice). */
const ALL_ROWS = [
  `with s as (insert into bank_statements (copropriete_id, statement_ref, format) values ($1, 'all', 'csv') returning id)
   insert into bank_lines (statement_id, copropriete_id, line_ref, date, amount_cents, name, reference, status)
   select s.id, $1, 'l' || g, '2026-01-05', 10000, 'PAYEUR ' || g, 'VIR REF' || g, 'unmatched'
   from s, generate_series(1, $2::int) g where $3::uuid is not null`,
  `insert into payment_transactions (coproprietaire_id, amount_cents, net_cents, date, payment_method, description)
   select id, 10000, 10000, now(), 'virement', 'Virement reçu' from coproprietaires
   where copropriete_id = $1 and $2::int > 0 and $3::uuid is not null`,
  `insert into payment_allocations (payment_transaction_id, ledger_line_id, amount_cents)
   select p.id, d.id, 10000 from payment_transactions p
   join ledger_lines d on d.coproprietaire_id = p.coproprietaire_id and d.amount_type = 'debit'
   where d.copropriete_id = $1 and $2::int > 0 and $3::uuid is not null`,
  `update ledger_lines set remaining_cents = 0
   where copropriete_id = $1 and amount_type = 'debit' and $2::int > 0 and $3::uuid is not null`,
  `insert into ledger_lines (coproprietaire_id, copropriete_id, payment_transaction_id, name, date, amount_cents,
                             remaining_cents, amount_type, bill_type)
   select p.coproprietaire_id, $1, p.id, 'Virement reçu', '2026-01-05', 10000, 0, 'credit', 'other'
   from payment_transactions p where $2::int > 0 and $3::uuid is not null`,
  `insert into journal_ecritures (id, copropriete_id, financial_year_id, number, date, libelle, piece, source)
   select gen_random_uuid(), $1, $3, j.last_number + g, '2026-01-05', 'Virement reçu', 'banque:' || g, 'banque'
   from generate_series(1, $2::int) g,
        (select last_number from journal_exercices where financial_year_id = $3 for update) j`,
  `insert into journal_lignes (ecriture_id, copropriete_id, account, debit_cents, credit_cents)
   select e.id, $1, x.account, x.debit, x.credit from journal_ecritures e
   cross join (values ('512', 10000, 0), ('471', 0, 10000)) as x(account, debit, credit)
   where e.financial_year_id = $3 and e.source = 'banque' and $2::int > 0`,
  `update journal_exercices set last_number = last_number + $2 where financial_year_id = $3 and $1::uuid is not null`,
  `update bank_lines set status = 'matched', confidence = 90, reason = 'référence'
   where copropriete_id = $1 and statement_id in (select id from bank_statements where statement_ref = 'all')
     and $2::int > 0 and $3::uuid is not null`,
];

/** Half the credits name their payer's reference (matched), half a quarter's amount without one. */
function statement(): string {
  const rows = ['Date;Libellé;Montant;Donneur'];
  for (let i = 1; i <= LINES; i++) {
    const owner = ((i - 1) % OWNERS) + 1;
    const ref = `REF${String(owner).padStart(6, '0')}`;
    rows.push(
      i <= OWNERS
        ? `05/01/2026;VIR ${ref} APPEL T1;100,00;PAYEUR ${owner}`
        : `06/01/2026;VIR SANS REFERENCE ${i};${(50 + (i % 40)).toString()},00;INCONNU ${i}`,
    );
  }
  return `${rows.join('\n')}\n`;
}

async function main() {
  const name = process.env.BENCH_DB ?? `tantieme_bench_bank_${randomBytes(4).toString('hex')}`;
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
    for (const s of SETUP.split(';\n').filter((x) => x.trim())) await client.query(s);
    const {
      rows: [b],
    } = await client.query<{ copro: string; year: string; key: string }>(
      `select c.id as copro, y.id as year, r.id as key from coproprietes c
       join financial_years y on y.copropriete_id = c.id join repartitions r on r.copropriete_id = c.id`,
    );
    const base = { coproprieteId: b.copro, financialYearId: b.year };
    await setBudget(database.db, {
      ...base,
      repartitionId: b.key,
      kind: 'budget',
      amountCents: OWNERS * 40_000,
    });
    await generate(database.db, { ...base, kind: 'budget', period: 1 });
    const content = statement();
    console.log(`${LINES} statement lines, ${OWNERS} co-owners each owing 100,00 €, PostgreSQL ${name}`);

    await client.query('begin');
    const r0 = process.hrtime.bigint();
    await client.query(
      `with s as (insert into bank_statements (copropriete_id, statement_ref, format) values ($1, 'ref', 'csv') returning id)
       insert into bank_lines (statement_id, copropriete_id, line_ref, date, amount_cents, name, reference, status)
       select s.id, $1, 'l' || g, '2026-01-05', 10000, 'PAYEUR ' || g, 'VIR REF' || g, 'unmatched'
       from s, generate_series(1, $2::int) g`,
      [b.copro, LINES],
    );
    const tRef = ms(r0);
    await client.query('rollback');

    // The same rows as the product writes, by plain SQL: a payment, its allocation, the debit
    // settled and a credit line per co-owner; an écriture of two lines per statement line,
    // numbered from the counter; every line's outcome.
    await client.query('begin');
    const a0 = process.hrtime.bigint();
    for (const q of ALL_ROWS) await client.query(q, [b.copro, LINES, b.year]);
    const tAll = ms(a0);
    await client.query('rollback');

    const t0 = process.hrtime.bigint();
    const r = await importStatement(database.db, {
      coproprieteId: b.copro,
      format: 'csv',
      content,
      mapping: { date: 'Date', label: 'Libellé', amount: 'Montant', name: 'Donneur' },
    });
    const tProduct = ms(t0);
    console.log(`\n${''.padEnd(64)} ${'wall'.padStart(9)}   ×reference`);
    console.log(
      `${'reference: plain INSERT…SELECT of the statement lines'.padEnd(64)} ${(tRef / 1000).toFixed(2).padStart(7)} s   ×1.0`,
    );
    console.log(
      `${'reference: the same rows as the product, by plain SQL'.padEnd(64)} ${(tAll / 1000).toFixed(2).padStart(7)} s   ×${(tAll / tRef).toFixed(1)}`,
    );
    console.log(
      `${'product: statement parsed, imported, matched, lettered, posted'.padEnd(64)} ${(tProduct / 1000).toFixed(2).padStart(7)} s   ×${(tProduct / tRef).toFixed(1)}`,
    );
    console.log(`${r.matched} matched, ${r.unmatched} waiting in 471, ${r.known} known.`);
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
