import type { CsvMappingBody } from '@tantieme/contract';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';

/** The reads of the console's money screens (the writes go through the journal, appels and bank services). */

const rows = <T>(r: unknown) => (r as { rows: T[] }).rows;

export interface ExerciceRow {
  id: string;
  couple: string;
  start_date: string;
  end_date: string;
  closed: boolean;
}

export async function exercices(db: Executor, coproprieteId: string) {
  return rows<ExerciceRow>(
    await db.execute(sql`
      select id, couple, start_date::text as start_date, end_date::text as end_date, closed
      from financial_years where copropriete_id = ${coproprieteId} order by start_date desc`),
  );
}

export async function keys(db: Executor, coproprieteId: string) {
  return rows<{ id: string; name: string }>(
    await db.execute(sql`
      select id, name from repartitions where copropriete_id = ${coproprieteId} order by code, id`),
  );
}

export async function resolutions(db: Executor, coproprieteId: string) {
  return rows<{ id: string; title: string; assemblee_date: string | null }>(
    await db.execute(sql`
      select r.id, r.title, to_char(a.date, 'YYYY-MM-DD') as assemblee_date
      from resolutions r join assemblees a on a.id = r.assemblee_id
      where a.copropriete_id = ${coproprieteId} order by a.date desc, r.number`),
  );
}

export async function runTotals(db: Executor, financialYearId: string) {
  return rows<{ ecriture_id: string; total: string }>(
    await db.execute(sql`
      select r.ecriture_id, coalesce(sum(l.debit_cents), 0)::text as total
      from appel_runs r join journal_lignes l on l.ecriture_id = r.ecriture_id
      where r.financial_year_id = ${financialYearId} group by r.ecriture_id`),
  );
}

export async function coOwnerNames(db: Executor, coproprieteId: string) {
  return rows<{ id: string; name: string }>(
    await db.execute(sql`
      select id, coalesce(nullif(display_name, ''), nullif(company, ''), name) as name
      from coproprietaires where copropriete_id = ${coproprieteId} and removed_at is null
      order by name, id`),
  );
}

export const PAGE = 100;

/**
 * One page of the exercice's écritures with their lines, filtered by account prefix or source,
 * or to those recorded since a time (an écriture is never changed: its recording is its change).
 */
export async function journalPage(
  db: Executor,
  financialYearId: string,
  f: { compte?: string; source?: string; after?: number; since?: string; limit?: number },
) {
  const size = f.limit ?? PAGE;
  const since = f.since ? sql`and e.created_at >= ${f.since}::timestamptz` : sql``;
  const account = f.compte
    ? sql`and exists (select 1 from journal_lignes x where x.ecriture_id = e.id and x.account like ${`${f.compte}%`})`
    : sql``;
  const source = f.source ? sql`and e.source = ${f.source}` : sql``;
  const ecritures = rows<{
    id: string;
    number: number;
    date: string;
    libelle: string;
    piece: string | null;
    source: string;
    reverses_id: string | null;
    reversed_by: string | null;
  }>(
    await db.execute(sql`
      select e.id, e.number, e.date::text as date, e.libelle, e.piece, e.source, e.reverses_id,
             (select r.id from journal_ecritures r where r.reverses_id = e.id) as reversed_by
      from journal_ecritures e
      where e.financial_year_id = ${financialYearId} and e.number > ${f.after ?? 0} ${account} ${source} ${since}
      order by e.number limit ${size + 1}`),
  );
  const page = ecritures.slice(0, size);
  const lignes = page.length
    ? rows<{
        ecriture_id: string;
        account: string;
        coproprietaire_id: string | null;
        name: string | null;
        debit_cents: string;
        credit_cents: string;
      }>(
        await db.execute(sql`
          select l.ecriture_id, l.account, l.coproprietaire_id,
                 coalesce(nullif(c.display_name, ''), nullif(c.company, ''), c.name) as name,
                 l.debit_cents::text, l.credit_cents::text
          from journal_lignes l left join coproprietaires c on c.id = l.coproprietaire_id
          where l.ecriture_id in (select jsonb_array_elements_text(${JSON.stringify(page.map((e) => e.id))}::jsonb)::uuid)
          order by l.debit_cents desc, l.account, l.id`),
      )
    : [];
  return { page, lignes, more: ecritures.length > size };
}

/** Debit and credit of each account of the exercice. */
export async function accountTotals(db: Executor, financialYearId: string) {
  return rows<{ account: string; debit: string; credit: string }>(
    await db.execute(sql`
      select l.account, sum(l.debit_cents)::text as debit, sum(l.credit_cents)::text as credit
      from journal_lignes l join journal_ecritures e on e.id = l.ecriture_id
      where e.financial_year_id = ${financialYearId} group by l.account order by l.account`),
  );
}

export async function statements(db: Executor, coproprieteId: string) {
  return rows<{
    id: string;
    statement_ref: string;
    format: string;
    imported_at: string;
    lines: string;
    matched: string;
    unmatched: string;
    outgoing: string;
    credits: string;
    debits: string;
  }>(
    await db.execute(sql`
      select s.id, s.statement_ref, s.format, to_char(s.imported_at at time zone 'Europe/Paris', 'YYYY-MM-DD"T"HH24:MI') as imported_at,
             count(l.id)::text as lines,
             count(*) filter (where l.status = 'matched')::text as matched,
             count(*) filter (where l.status = 'unmatched')::text as unmatched,
             count(*) filter (where l.status = 'outgoing')::text as outgoing,
             coalesce(sum(l.amount_cents) filter (where l.amount_cents > 0), 0)::text as credits,
             coalesce(-sum(l.amount_cents) filter (where l.amount_cents < 0), 0)::text as debits
      from bank_statements s left join bank_lines l on l.statement_id = s.id
      where s.copropriete_id = ${coproprieteId}
      group by s.id order by s.imported_at desc limit 50`),
  );
}

export async function bankLinesOf(db: Executor, coproprieteId: string, status: 'matched' | 'unmatched') {
  return rows<{
    id: string;
    date: string;
    amount_cents: string;
    name: string;
    reference: string;
    status: 'matched' | 'unmatched';
    coproprietaire_id: string | null;
    owner_name: string | null;
    confidence: number | null;
    reason: string | null;
    suggestions: { coproprietaireId: string; confidence: number; reason: string }[];
  }>(
    await db.execute(sql`
      select l.id, l.date::text as date, l.amount_cents::text, l.name, l.reference, l.status,
             l.coproprietaire_id, coalesce(nullif(c.display_name, ''), nullif(c.company, ''), c.name) as owner_name,
             l.confidence, l.reason, l.suggestions
      from bank_lines l left join coproprietaires c on c.id = l.coproprietaire_id
      where l.copropriete_id = ${coproprieteId} and l.status = ${status}
      order by l.date desc, l.created_at desc limit 200`),
  );
}

export async function mappings(db: Executor, syndicId: string) {
  return rows<{ bank_name: string; mapping: CsvMappingBody }>(
    await db.execute(sql`
      select bank_name, mapping from bank_csv_mappings where syndic_id = ${syndicId} order by bank_name`),
  );
}

export async function saveMapping(db: Executor, syndicId: string, bankName: string, mapping: object) {
  await db.execute(sql`
    insert into bank_csv_mappings (syndic_id, bank_name, mapping) values (${syndicId}, ${bankName}, ${JSON.stringify(mapping)}::jsonb)
    on conflict (syndic_id, bank_name) do update set mapping = excluded.mapping, updated_at = now()`);
}

export async function resolutionOf(db: Executor, coproprieteId: string, id: string) {
  const [r] = rows<{ id: string }>(
    await db.execute(sql`
      select r.id from resolutions r join assemblees a on a.id = r.assemblee_id
      where r.id = ${id} and a.copropriete_id = ${coproprieteId}`),
  );
  return r ?? null;
}
