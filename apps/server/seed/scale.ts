import { createHash } from 'node:crypto';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../src/db/client.js';

/**
 * `npm run admin -- seed-scale`: the data of a national syndic, generated inside
 * the database with set-based `INSERT … SELECT generate_series(…)`: no row crosses the
 * network, so 2,000,000 ledger lines take minutes, on PostgreSQL as on PGlite.
 *
 * Deterministic: every id is `md5('tantieme-scale:<kind>:<n>')::uuid`, every amount and
 * date a function of the row numbers; the same options give the same rows. All syndic
 * aliases start with `scale-`, every e-mail ends with `@scale.tantieme.test`.
 */
export interface ScaleOptions {
  coproprietes: number;
  coproprietaires: number;
  ledgerLines: number;
  /** Notifications per attached user, documents and payment transactions per record. */
  notificationsPerUser: number;
  documentsPerRecord: number;
  transactionsPerRecord: number;
  /** Supplier invoices (and the charge invoices booked from them) per copropriété and year. */
  invoicesPerYear: number;
}

export const FULL_SCALE: ScaleOptions = {
  coproprietes: 1000,
  coproprietaires: 50_000,
  ledgerLines: 2_000_000,
  notificationsPerUser: 10,
  documentsPerRecord: 4,
  transactionsPerRecord: 8,
  invoicesPerYear: 24,
};

/** Financial years 2022…2026, quarterly fund calls: 20 bills per copropriété. */
const FIRST_YEAR = 2022;
const YEARS = 5;
/** Documents of a building's groups: the règlement, two contracts, three years of AG (2 each). */
const GROUP_DOCUMENTS = 9;
/** Records with an account: 7 in 10 (n % 10 < 7). */
const ATTACHED = sql`(n % 10) < 7`;
export const SCALE_PASSWORD_NOTE =
  "Les comptes seed-scale n'ont pas de mot de passe (sessions créées par le benchmark).";

/** A validated integer, inlined: typed literals let PostgreSQL pick generate_series(int, int). */
const int = (n: number) => sql.raw(String(Math.trunc(n)));

/** The deterministic uuid of row `n` of `kind` (SQL expression): md5 with the v4 nibbles. */
const id = (kind: string, n: SQL | string) =>
  sql`overlay(overlay(md5(${`tantieme-scale:${kind}:`} || (${n})::text) placing '4' from 13) placing '8' from 17)::uuid`;

export function scaleUserId(n: number): string {
  return md5Uuid(`tantieme-scale:user:${n}`);
}
export function scaleRecordId(n: number): string {
  return md5Uuid(`tantieme-scale:owner:${n}`);
}
export function scaleCoproId(c: number): string {
  return md5Uuid(`tantieme-scale:copro:${c}`);
}
/** Number of the copropriété of record n (1-based), records spread evenly. */
export function scaleCoproOf(n: number, o: ScaleOptions): number {
  return Math.floor(((n - 1) * o.coproprietes) / o.coproprietaires) + 1;
}
export const isScaleAttached = (n: number) => n % 10 < 7;

/** md5 shaped as a version-4 uuid (version and variant nibbles set), like `id()` in SQL. */
export function md5Uuid(s: string): string {
  const m = createHash('md5').update(s).digest('hex');
  const h = `${m.slice(0, 12)}4${m.slice(13, 16)}8${m.slice(17)}`;
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

type Log = (line: string) => void;

export async function isScaleSeeded(db: Db): Promise<number> {
  const r = await db.execute(sql`select count(*)::int as n from coproprietes c
    join syndics s on s.id = c.syndic_id where s.alias like 'scale-%'`);
  return Number((r as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0);
}

export function validateScaleOptions(o: ScaleOptions): string | null {
  for (const [k, v] of Object.entries(o)) {
    if (!Number.isInteger(v) || v < 0) return `${k} doit être un entier positif.`;
  }
  if (o.coproprietes < 1) return 'Il faut au moins une copropriété.';
  if (o.coproprietaires < o.coproprietes) return 'Il faut au moins un copropriétaire par copropriété.';
  if (o.coproprietes > 1_000_000 || o.coproprietaires > 10_000_000 || o.ledgerLines > 100_000_000)
    return 'Volumes trop grands.';
  return null;
}

/** Fills the database; refuses when scale data is already there (same ids). */
export async function seedScale(
  db: Db,
  o: ScaleOptions,
  log: Log = () => {},
): Promise<Record<string, number>> {
  const problem = validateScaleOptions(o);
  if (problem) throw new Error(problem);
  if ((await isScaleSeeded(db)) > 0)
    throw new Error('Des données seed-scale sont déjà présentes dans cette base.');
  const C = o.coproprietes;
  const O = o.coproprietaires;
  const S = Math.max(1, Math.ceil(C / 200));
  const perOwner = Math.floor(o.ledgerLines / O);
  const extra = o.ledgerLines - perOwner * O; // the first `extra` records get one line more
  const counts: Record<string, number> = {};
  const t0 = Date.now();
  const step = async (ex: Pick<Db, 'execute'>, name: string, q: SQL) => {
    const t = Date.now();
    const r = (await ex.execute(q)) as unknown as { rowCount?: number; affectedRows?: number };
    const n = Number(r.rowCount ?? r.affectedRows ?? 0);
    counts[name] = (counts[name] ?? 0) + n;
    log(
      `  ${name.padEnd(28)} +${n.toLocaleString('fr-FR').padStart(10)}  ${((Date.now() - t) / 1000).toFixed(1)} s`,
    );
  };
  const coproOf = sql`(((n - 1)::bigint * ${int(C)}) / ${int(O)} + 1)::int`;
  log(`seed-scale : ${C} copropriétés, ${O} copropriétaires, ${o.ledgerLines} lignes de compte`);

  await db.transaction(async (tx) => {
    await step(
      tx,
      'syndics',
      sql`insert into syndics (id, name, alias, use_synple, address, email, phone)
      select ${id('syndic', sql`s`)}, 'Cabinet Gestion ' || s, 'scale-' || s, true,
        jsonb_build_object('street1', s || ' rue de la République', 'zip_code', '69002', 'city', 'Lyon'),
        'contact' || s || '@scale.tantieme.test', '+3347200' || lpad(s::text, 4, '0')
      from generate_series(1, ${int(S)}) s`,
    );
    await step(
      tx,
      'syndic_contacts',
      sql`insert into syndic_contacts (id, syndic_id, first_name, last_name, email, tel_fixed, sort)
      select ${id('syndic-contact', sql`s * 10 + k`)}, ${id('syndic', sql`s`)},
        (array['Claire','Julien','Sophie'])[k], (array['Martin','Bernard','Dubois'])[k],
        'gestion' || s || '-' || k || '@scale.tantieme.test', '+3347210' || lpad((s * 10 + k)::text, 4, '0'), k
      from generate_series(1, ${int(S)}) s, generate_series(1, 3) k`,
    );
    await step(
      tx,
      'administrators',
      sql`insert into administrators (id, syndic_id, first_name, last_name, display_name, role, phones, emails)
      select ${id('admin', sql`s * 100 + k`)}, ${id('syndic', sql`s`)}, 'Gestionnaire', 'N° ' || k,
        'Gestionnaire N° ' || k, 'gestionnaire',
        jsonb_build_array(jsonb_build_object('value', '+3347220' || lpad((s * 100 + k)::text, 4, '0'), 'type', 'fixed')),
        jsonb_build_array(jsonb_build_object('value', 'g' || s || '-' || k || '@scale.tantieme.test'))
      from generate_series(1, ${int(S)}) s, generate_series(1, 10) k`,
    );
    await step(
      tx,
      'coproprietes',
      // Every menu on, like a syndic that opened the whole extranet (the benchmark reads each list).
      sql`insert into coproprietes (id, syndic_id, name, address, alur_cents, avance_cents, settings)
      select ${id('copro', sql`c`)}, ${id('syndic', sql`((c - 1) % ${int(S)}) + 1`)},
        'Résidence ' || (array['Les Tilleuls','Le Clos Fleuri','Horizon','Les Platanes','Le Belvédère'])[1 + c % 5] || ' ' || c,
        jsonb_build_object('full_address', c || ' avenue Jean Jaurès, 69007 Lyon', 'city', 'Lyon', 'zip_code', '69007'),
        100000 + (c % 97) * 1000, 50000 + (c % 13) * 1000,
        jsonb_build_object('show_invoice', '1', 'show_invoice_scope', '1', 'show_invoice_status', '1',
          'show_invoice_status_scope', '1', 'show_copro_document', '1', 'show_copro_document_scope', '1',
          'show_syndic_document', '1', 'show_syndic_document_scope', '1', 'show_releves_bancaires', '1',
          'show_releves_bancaires_scope', '1', 'show_assemblee_function', true)
      from generate_series(1, ${int(C)}) c`,
    );
    await step(
      tx,
      'copropriete_administrators',
      sql`insert into copropriete_administrators (copropriete_id, administrator_id)
      select ${id('copro', sql`c`)}, ${id('admin', sql`(((c - 1) % ${int(S)}) + 1) * 100 + 1 + (c + k) % 10`)}
      from generate_series(1, ${int(C)}) c, generate_series(0, 1) k`,
    );
    await step(
      tx,
      'verification_status',
      sql`insert into verification_status (copropriete_id, syndic_submit, syndicat_finish)
      select ${id('copro', sql`c`)}, c % 2, 0 from generate_series(1, ${int(C)}) c`,
    );
    await step(
      tx,
      'users',
      sql`insert into users (id, email, phone, first_name, last_name)
      select ${id('user', sql`n`)}, 'coproprietaire' || n || '@scale.tantieme.test',
        '+3377' || lpad(n::text, 8, '0'),
        (array['Marie','Pierre','Nathalie','Jean','Isabelle','Paul','Catherine','Michel'])[1 + n % 8],
        (array['Durand','Lefebvre','Moreau','Laurent','Simon','Michel','Garcia','Roux'])[1 + (n / 8) % 8]
      from generate_series(1, ${int(O)}) n where ${ATTACHED}`,
    );
    await step(
      tx,
      'coproprietaires',
      sql`insert into coproprietaires (id, copropriete_id, user_id, name, display_name, unique_code,
        is_member_syndicat, is_president, init_settings_done, attached_at)
      select ${id('owner', sql`n`)}, ${id('copro', coproOf)},
        case when ${ATTACHED} then ${id('user', sql`n`)} end,
        'Copropriétaire ' || n, 'M. ou Mme Copropriétaire ' || n, 'S' || lpad(n::text, 8, '0'),
        n % 17 = 0, n % 50 = 1, true, case when ${ATTACHED} then timestamptz '2024-01-15' end
      from generate_series(1, ${int(O)}) n`,
    );
    // Lots: an apartment each, a cellar for one in two, a parking space for one in five.
    const lotKinds = sql`(values (1, 'Appartement', 'Appartement'), (2, 'Cave', 'Cave'), (3, 'Parking', 'Parking')) k(k, name, type)`;
    const hasLot = sql`(k = 1 or (k = 2 and n % 2 = 0) or (k = 3 and n % 5 = 0))`;
    await step(
      tx,
      'lots',
      sql`insert into lots (id, copropriete_id, lot_id, name, type_name)
      select ${id('lot', sql`n * 10 + k`)}, ${id('copro', coproOf)}, n || '-' || k, k.name || ' ' || n, k.type
      from generate_series(1, ${int(O)}) n, ${lotKinds} where ${hasLot}`,
    );
    await step(
      tx,
      'coproprietaire_lots',
      sql`insert into coproprietaire_lots (coproprietaire_id, lot_id)
      select ${id('owner', sql`n`)}, ${id('lot', sql`n * 10 + k`)}
      from generate_series(1, ${int(O)}) n, ${lotKinds} where ${hasLot}`,
    );
    const reps = sql`(values (1, '01', 'Charges générales'), (2, '02', 'Ascenseur'), (3, '03', 'Chauffage'), (4, '04', 'Eau froide')) r(r, code, name)`;
    await step(
      tx,
      'repartitions',
      sql`insert into repartitions (id, copropriete_id, code, name, total_tantieme)
      select ${id('rep', sql`c * 10 + r`)}, ${id('copro', sql`c`)}, r.code, r.name, 0
      from generate_series(1, ${int(C)}) c, ${reps}`,
    );
    // Apartments in every key, cellars and parking spaces in the general charges only.
    await step(
      tx,
      'lot_tantiemes',
      sql`insert into lot_tantiemes (lot_id, repartition_id, tantieme)
      select ${id('lot', sql`n * 10 + k`)}, ${id('rep', sql`${coproOf} * 10 + r`)},
        case when k = 1 then 80 + (n * 7 + r) % 120 else 5 + n % 11 end
      from generate_series(1, ${int(O)}) n, ${lotKinds}, generate_series(1, 4) r
      where ${hasLot} and (k = 1 or r = 1)`,
    );
    await step(
      tx,
      'repartitions (totaux)',
      sql`update repartitions r set total_tantieme = t.total
      from (select repartition_id, sum(tantieme)::int as total from lot_tantiemes group by repartition_id) t
      where t.repartition_id = r.id and r.id in (select ${id('rep', sql`c * 10 + r`)}
        from generate_series(1, ${int(C)}) c, generate_series(1, 4) r)`,
    );
    await step(
      tx,
      'charges',
      sql`insert into charges (id, copropriete_id, repartition_id, code, name, charge_type)
      select ${id('charge', sql`c * 100 + r * 10 + h`)}, ${id('copro', sql`c`)}, ${id('rep', sql`c * 10 + r`)},
        '6' || r || h, (array['Entretien','Électricité','Assurance'])[h] || ' – ' || (array['général','ascenseur','chauffage','eau'])[r],
        case when r = 1 and h = 3 then 2 else 1 end
      from generate_series(1, ${int(C)}) c, generate_series(1, 4) r, generate_series(1, 3) h`,
    );
    await step(
      tx,
      'financial_years',
      sql`insert into financial_years (id, copropriete_id, year, couple, start_date, end_date, closed)
      select ${id('fy', sql`c * 10 + y`)}, ${id('copro', sql`c`)}, ${int(FIRST_YEAR - 1)} + y, (${int(FIRST_YEAR - 1)} + y)::text,
        make_date(${int(FIRST_YEAR - 1)} + y, 1, 1), make_date(${int(FIRST_YEAR - 1)} + y, 12, 31), y < ${int(YEARS)}
      from generate_series(1, ${int(C)}) c, generate_series(1, ${int(YEARS)}) y`,
    );
    await step(
      tx,
      'budgets',
      sql`insert into budgets (id, financial_year_id, charge_id, amount_cents)
      select ${id('budget', sql`(c * 100 + r * 10 + h) * 10 + y`)}, ${id('fy', sql`c * 10 + y`)},
        ${id('charge', sql`c * 100 + r * 10 + h`)}, 200000 + ((c * 31 + r * 7 + h * 3 + y) % 50) * 10000
      from generate_series(1, ${int(C)}) c, generate_series(1, 4) r, generate_series(1, 3) h, generate_series(1, ${int(YEARS)}) y`,
    );
    const invoices = sql`generate_series(1, ${int(C)}) c, generate_series(1, ${int(YEARS)}) y, generate_series(1, ${int(o.invoicesPerYear)}) i`;
    const invoiceNo = sql`(c::bigint * 10 + y) * 1000 + i`;
    await step(
      tx,
      'supplier_invoices',
      sql`insert into supplier_invoices (id, syndic_id, copropriete_id, invoice_date, amount_cents, fournisseur_name, number, status)
      select ${id('sinv', invoiceNo)}, ${id('syndic', sql`((c - 1) % ${int(S)}) + 1`)}, ${id('copro', sql`c`)},
        make_date(${int(FIRST_YEAR - 1)} + y, 1 + (i - 1) % 12, 1 + (i * 3) % 28), 5000 + ((c + i * 13) % 200) * 500,
        (array['Otis','EDF','Veolia','Axa','Nettoyage Services'])[1 + i % 5], 'F' || ${invoiceNo}, 1 + i % 7
      from ${invoices}`,
    );
    await step(
      tx,
      'charge_invoices',
      sql`insert into charge_invoices (id, charge_id, financial_year_id, supplier_invoice_id, ecriture_description,
        description, amount_cents, date, verification_syndic, verification_syndicat, created_date)
      select ${id('cinv', invoiceNo)}, ${id('charge', sql`c * 100 + (1 + (i - 1) % 4) * 10 + 1 + (i - 1) / 4 % 3`)},
        ${id('fy', sql`c * 10 + y`)}, ${id('sinv', invoiceNo)}, 'Facture ' || (array['Otis','EDF','Veolia','Axa','Nettoyage Services'])[1 + i % 5],
        null, 5000 + ((c + i * 13) % 200) * 500, make_date(${int(FIRST_YEAR - 1)} + y, 1 + (i - 1) % 12, 1 + (i * 3) % 28),
        i % 2, 0, make_timestamptz(${int(FIRST_YEAR - 1)} + y, 1 + (i - 1) % 12, 1 + (i * 3) % 28, 9, 0, 0)
      from ${invoices}`,
    );
    // Quarterly fund calls: bill q (1…20) of copropriété c.
    await step(
      tx,
      'bills',
      sql`insert into bills (id, copropriete_id, financial_year_id, name, date, bill_type, total_cents)
      select ${id('bill', sql`c * 100 + q`)}, ${id('copro', sql`c`)}, ${id('fy', sql`c * 10 + (q - 1) / 4 + 1`)},
        'Appel de fonds T' || (1 + (q - 1) % 4) || ' ' || (${int(FIRST_YEAR)} + (q - 1) / 4),
        make_date(${int(FIRST_YEAR)} + (q - 1) / 4, 1 + ((q - 1) % 4) * 3, 1), 'fonctionnement', 2500000
      from generate_series(1, ${int(C)}) c, generate_series(1, ${int(YEARS * 4)}) q`,
    );
  });

  // The big tables in slices of copropriétés (one transaction each), with progress.
  const slice = Math.max(1, Math.floor(5_000 / Math.max(1, O / C)));
  for (let from = 1; from <= C; from += slice) {
    const to = Math.min(C, from + slice - 1);
    const firstOwner = Math.floor(((from - 1) * O) / C) + 1;
    const lastOwner = Math.floor((to * O) / C);
    const owners = sql`generate_series(${int(firstOwner)}, ${int(lastOwner)}) n`;
    log(`copropriétés ${from}–${to} / ${C} (copropriétaires ${firstOwner}–${lastOwner})`);
    await db.transaction(async (tx) => {
      const run = (name: string, q: SQL) => step(tx, name, q);
      // Bill breakdown of this year's four calls: each lot in the general key and, for
      // apartments, the lift.
      await run(
        'bill_lot_lines',
        sql`insert into bill_lot_lines (id, bill_id, lot_id, repartition_id, charge_id, amount_cents)
        select ${id('bll', sql`((n::bigint * 10 + k) * 10 + r) * 100 + q`)}, ${id('bill', sql`${coproOf} * 100 + q`)},
          ${id('lot', sql`n * 10 + k`)}, ${id('rep', sql`${coproOf} * 10 + r`)}, ${id('charge', sql`${coproOf} * 100 + r * 10 + 1`)},
          case when k = 1 then 15000 + (n * 7 + r + q) % 120 * 100 else 1500 + n % 11 * 100 end
        from ${owners}, (values (1), (2), (3)) kk(k), generate_series(1, 2) r, generate_series(${int(YEARS * 4 - 3)}, ${int(YEARS * 4)}) q
        where (k = 1 or (k = 2 and n % 2 = 0) or (k = 3 and n % 5 = 0)) and (k = 1 or r = 1)`,
      );
      // Ledger: per record, alternating fund calls (debits, the bill of that quarter when
      // there is one) and payments (credits), the newest quarter last; everything settled
      // but the last call, half paid.
      const K = sql`(${int(perOwner)} + case when n <= ${int(extra)} then 1 else 0 end)`;
      const Q = sql`((${K} + 1) / 2)`;
      const quarter = sql`(${int(YEARS * 4)} - (${Q} - (i + 1) / 2))`; // 20 = the last quarter of the last year
      const lineDate = sql`(make_date(${int(FIRST_YEAR)}, 1, 1) + ((${quarter} - 1) * interval '3 months') + (case when i % 2 = 0 then 20 else 0 end) * interval '1 day')::date`;
      const amount = sql`(30000 + (n % 50) * 1000)`;
      const isLast = sql`(i + 1) / 2 = ${Q}`;
      await run(
        'ledger_lines',
        // Back-office lines: the back office's own figure is the remaining amount (rules/lettrage.ts).
        sql`insert into ledger_lines (id, coproprietaire_id, copropriete_id, bill_id, name, date, amount_cents,
          remaining_cents, office_remaining_cents, amount_type, bill_type, created_at)
        select ${id('ledger', sql`n::bigint * 1000 + i`)}, ${id('owner', sql`n`)}, ${id('copro', coproOf)},
          case when i % 2 = 1 and ${quarter} between 1 and ${int(YEARS * 4)} then ${id('bill', sql`${coproOf} * 100 + ${quarter}`)} end,
          case when i % 2 = 1 then 'Appel de fonds T' || (1 + (${quarter} + 399) % 4) else 'Règlement par virement' end,
          ${lineDate},
          case when i % 2 = 1 then ${amount} else ${amount} / (case when ${isLast} then 2 else 1 end) end,
          case when ${isLast} and i % 2 = 1 then ${amount} / 2 else 0 end,
          case when ${isLast} and i % 2 = 1 then ${amount} / 2 else 0 end,
          case when i % 2 = 1 then 'debit' else 'credit' end, 'fonctionnement',
          ${lineDate}::timestamptz + interval '9 hours'
        from ${owners}, generate_series(1, ${K}) i`,
      );
      await run(
        'payment_transactions',
        sql`insert into payment_transactions (id, coproprietaire_id, amount_cents, fee_cents, net_cents, date,
          payment_method, description)
        select ${id('ptx', sql`n::bigint * 100 + t`)}, ${id('owner', sql`n`)}, 30000 + (n % 50) * 1000, 475, 29525 + (n % 50) * 1000,
          timestamptz '2026-10-20 10:00+00' - t * interval '3 months', 'card', 'Paiement par carte'
        from ${owners}, generate_series(1, ${int(o.transactionsPerRecord)}) t`,
      );
      await run(
        'notifications',
        sql`insert into notifications (id, user_id, coproprietaire_id, type, title, body, is_read, created_date)
        select ${id('notif', sql`n::bigint * 100 + j`)}, ${id('user', sql`n`)}, ${id('owner', sql`n`)}, 'INFO',
          (array['Nouvel appel de fonds','Assemblée générale','Nouveau document','Travaux'])[1 + j % 4],
          'Votre syndic a publié une information sur votre copropriété.', j > 2,
          timestamptz '2026-10-20 10:00+00' - j * interval '9 days'
        from ${owners}, generate_series(1, ${int(o.notificationsPerUser)}) j where ${ATTACHED}`,
      );
      await run(
        'files',
        sql`insert into files (id, storage_key, name, content_type, size)
        select ${id('file', sql`n::bigint * 100 + d`)}, 'scale/' || n || '/' || d || '.pdf',
          'Appel de fonds ' || d || '.pdf', 'application/pdf', 48000
        from ${owners}, generate_series(1, ${int(o.documentsPerRecord)}) d`,
      );
      await run(
        'documents',
        // No bytes behind these files: no text to read ('' rather than null, which awaits reading).
        sql`insert into documents (id, coproprietaire_id, type_code, file_id, name, amount_cents, amount_type, date, content_text)
        select ${id('doc', sql`n::bigint * 100 + d`)}, ${id('owner', sql`n`)}, 'APPEL_FONDS',
          ${id('file', sql`n::bigint * 100 + d`)}, 'Appel de fonds T' || (1 + (d - 1) % 4), 30000 + (n % 50) * 1000, 'debit',
          make_date(${int(FIRST_YEAR + YEARS - 1)}, 1 + ((d - 1) % 4) * 3, 1), ''
        from ${owners}, generate_series(1, ${int(o.documentsPerRecord)}) d`,
      );
    });
  }
  // The building's documents ('Ceux de la copropriété'): the règlement, two contracts and, per
  // year of the last three, the convocation and the minutes of its general assembly.
  const copros = sql`generate_series(1, ${int(C)}) c`;
  const docs = sql`generate_series(1, ${int(GROUP_DOCUMENTS)}) d`;
  const agYear = sql`(${int(FIRST_YEAR + YEARS - 1)} - (d - 4) / 2)`;
  await db.transaction(async (tx) => {
    await step(
      tx,
      'document_groups',
      sql`insert into document_groups (id, scope, copropriete_id, name, kind, sort)
      select ${id('dgroup', sql`c * 10 + g`)}, 'copropriete', ${id('copro', sql`c`)},
        (array['Règlement de copropriété', 'Contrats', 'Assemblées générales'])[g],
        case when g = 3 then 'AG' else 'default' end, g
      from ${copros}, generate_series(1, 3) g`,
    );
    await step(
      tx,
      'group_files',
      sql`insert into files (id, storage_key, name, content_type, size)
      select ${id('gfile', sql`c * 100 + d`)}, 'scale/copro/' || c || '/' || d || '.pdf', 'document-' || d || '.pdf',
        'application/pdf', 240000
      from ${copros}, ${docs}`,
    );
    await step(
      tx,
      'group_documents',
      sql`insert into documents (id, group_id, file_id, name, date, year, ag_kind, content_text)
      select ${id('gdoc', sql`c * 100 + d`)},
        ${id('dgroup', sql`c * 10 + case when d = 1 then 1 when d <= 3 then 2 else 3 end`)}, ${id('gfile', sql`c * 100 + d`)},
        case when d = 1 then 'Règlement de copropriété' when d = 2 then 'Contrat d''entretien de l''ascenseur'
          when d = 3 then 'Contrat d''assurance multirisque' when d % 2 = 0 then 'Convocation AG ' || ${agYear}
          else 'Procès-verbal AG ' || ${agYear} end,
        case when d <= 3 then make_date(${int(FIRST_YEAR)}, d * 3, 1) else make_date(${agYear}, 6, 15) end,
        case when d <= 3 then null else ${agYear} end,
        case when d <= 3 then null when d % 2 = 0 then 'quote' else 'record' end, ''
      from ${copros}, ${docs}`,
    );
  });
  await db.execute(sql`analyze`);
  log(`seed-scale terminé en ${((Date.now() - t0) / 1000).toFixed(0)} s`);
  return counts;
}
