import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../src/db/client.js';
import {
  ATTACHED,
  FIRST_YEAR,
  GROUP_DOCUMENTS,
  id,
  int,
  type Log,
  type ScaleOptions,
  type Step,
  YEARS,
} from './scale.kit.js';

/** The big tables in slices of copropriétés (one transaction each), with progress. */
export async function seedScaleRecords(db: Db, step: Step, o: ScaleOptions, coproOf: SQL, log: Log) {
  const C = o.coproprietes;
  const O = o.coproprietaires;
  const perOwner = Math.floor(o.ledgerLines / O);
  const extra = o.ledgerLines - perOwner * O; // the first `extra` records get one line more
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
}

/**
 * The building's documents ('Ceux de la copropriété'): the règlement, two contracts and, per
 * year of the last three, the convocation and the minutes of its general assembly.
 */
export async function seedScaleGroupDocuments(db: Db, step: Step, o: ScaleOptions) {
  const C = o.coproprietes;
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
}
