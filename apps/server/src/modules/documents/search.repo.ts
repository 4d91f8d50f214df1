import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import type { DocumentRow } from './documents.repo.js';

/** What a record may see (the service decides it from the §6 scope): the repo only applies it. */
export interface Visibility {
  recordId: string;
  coproprieteId: string;
  syndicId: string;
  copro: boolean;
  bank: boolean;
  syndic: boolean;
  /** The building's council shelves (document_groups.audience 'council'). */
  council: boolean;
}

/** A document row as the lists show it, with its type. */
export type VisibleRow = DocumentRow & { type_key: string; type_label: string };

const FOLD_FROM = 'àâäáãéèêëíìîïóòôöõúùûüýÿçñœæ';
const FOLD_TO = 'aaaaaeeeeiiiiooooouuuuyycnoa';

const COLUMNS = sql`d.id, d.group_id, d.name, d.amount_cents, d.amount_type, d.date::text as date, d.year, d.month,
  d.ag_kind, d.content_text, d.search, coalesce(d.year, extract(year from d.date)::int) as y, d.file_id`;

/**
 * Every document the record may see, as one relation: its own, its building's groups (bank
 * statements only with their permission) and its syndic's groups. Three index reads joined by
 * UNION ALL rather than one OR, which would read the whole documents table.
 */
function visible(v: Visibility): SQL {
  return sql`(
    select ${COLUMNS}, 'own:' || d.type_code as type_key, coalesce(t.name, d.type_code) as type_label
    from documents d left join document_types t on t.code = d.type_code
    where d.coproprietaire_id = ${v.recordId}
    union all
    select ${COLUMNS}, 'group:' || g.id::text, g.name
    from document_groups g join documents d on d.group_id = g.id
    where ${v.copro} and g.scope = 'copropriete' and g.copropriete_id = ${v.coproprieteId}
      and (g.kind <> 'BANK_STATEMENT' or ${v.bank}) and (g.audience <> 'council' or ${v.council})
    union all
    select ${COLUMNS}, 'group:' || g.id::text, g.name
    from document_groups g join documents d on d.group_id = g.id
    where ${v.syndic} and g.scope = 'syndic' and g.syndic_id = ${v.syndicId}
  )`;
}

const rowsOf = <T>(r: unknown) => (r as { rows: T[] }).rows;

export interface SearchFilters {
  /** Folded words, letters and digits only (contract's searchTerms): safe in a tsquery. */
  terms: string[];
  year?: number;
  type?: string;
  limit: number;
}

/**
 * The visible documents matching every word (by prefix) in name, year, type or text, best first.
 * One file published twice (the record's own convocation and the building's copy) is listed
 * once, as the record's own.
 */
export async function search(db: Db, v: Visibility, f: SearchFilters) {
  const query = f.terms.map((t) => `${t}:*`).join(' & ');
  const words = sql`(v.search || to_tsvector('french'::regconfig, translate(lower(v.type_label), ${FOLD_FROM}, ${FOLD_TO})))`;
  const tsq = sql`to_tsquery('french'::regconfig, ${query})`;
  const conditions: SQL[] = [sql`true`];
  if (f.terms.length) conditions.push(sql`${words} @@ ${tsq}`);
  if (f.year !== undefined) conditions.push(sql`v.y = ${f.year}`);
  if (f.type !== undefined) conditions.push(sql`v.type_key = ${f.type}`);
  const rank = f.terms.length ? sql`ts_rank(${words}, ${tsq})` : sql`0::real`;
  const r = await db.execute(sql`
    select * from (
      select distinct on (v.file_id) v.id, v.group_id, v.name, v.amount_cents, v.amount_type, v.date,
        v.year, v.month, v.ag_kind, v.type_key, v.type_label, v.content_text,
        fi.storage_key, fi.content_type, fi.size, ${rank} as rank
      from ${visible(v)} v join files fi on fi.id = v.file_id
      where ${sql.join(conditions, sql` and `)}
      order by v.file_id, v.group_id is null desc, v.date desc, v.id
    ) found
    order by found.rank desc, found.date desc, found.name, found.id
    limit ${f.limit}`);
  return rowsOf<VisibleRow & { content_text: string | null }>(r);
}

/** The filters' choices: the years and kinds of every visible document. */
export async function facets(db: Db, v: Visibility) {
  const r = await db.execute(sql`
    select distinct 'year' as facet, v.y::text as key, null as label from ${visible(v)} v
    union
    select distinct 'type', v.type_key, v.type_label from ${visible(v)} v`);
  return rowsOf<{ facet: 'year' | 'type'; key: string; label: string | null }>(r);
}

/** The visible documents among `ids` (any other is left out: the caller compares the counts). */
export async function visibleByIds(db: Db, v: Visibility, ids: string[]) {
  const r = await db.execute(sql`
    select v.id, v.group_id, v.name, v.amount_cents, v.amount_type, v.date, v.year, v.month, v.ag_kind,
      v.type_key, v.type_label, v.file_id, fi.storage_key, fi.content_type, fi.size
    from ${visible(v)} v join files fi on fi.id = v.file_id
    where v.id in (${sql.join(
      ids.map((id) => sql`${id}::uuid`),
      sql`, `,
    )})
    order by v.date desc, v.name`);
  return rowsOf<VisibleRow & { file_id: string }>(r);
}

/** Documents whose text was never read (stored before it was), a batch at a time. */
export async function unreadTexts(db: Db, limit: number) {
  const r = await db.execute(sql`
    select d.id, f.storage_key, f.content_type from documents d join files f on f.id = d.file_id
    where d.content_text is null limit ${limit}`);
  return rowsOf<{ id: string; storage_key: string; content_type: string }>(r);
}

export async function setText(db: Db, id: string, text: string) {
  await db.execute(sql`update documents set content_text = ${text} where id = ${id}`);
}
