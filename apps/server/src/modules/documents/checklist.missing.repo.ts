import {
  BUILTIN_CARNET_NAME,
  CHECKLIST_ITEMS,
  type ChecklistItemDef,
  type ChecklistSource,
} from '@tantieme/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';

/**
 * The décret 2019-502 checklist's missing items of many buildings in one statement: the SQL form
 * of the contract's `computeChecklist` for the `missing` status only, built from the contract's
 * `CHECKLIST_ITEMS` (sources, patterns, types): the list lives there once. Staleness is not read
 * here (a stale item is not missing). `checklist.missing.test.ts` holds it equal to the
 * JavaScript checklist on random buildings.
 */

/** A contract pattern as a PostgreSQL regular expression (ARE): `\b` is `\y` there. */
export function pgRegex(re: RegExp): string {
  if (re.flags !== '') throw new Error(`checklist pattern ${re}: no flags in SQL`);
  if (/\\B|\(\?[=!<]/.test(re.source)) throw new Error(`checklist pattern ${re}: not translatable`);
  return re.source.replace(/\\b/g, '\\y');
}

/** `normaliseForMatch` in SQL: decomposed, accents dropped, lower case, a space for the rest. */
const COMBINING = `[${String.fromCharCode(0x300)}-${String.fromCharCode(0x36f)}]`;
const norm = (text: SQL) =>
  sql`btrim(regexp_replace(lower(regexp_replace(normalize(${text}, NFD), ${COMBINING}, '', 'g')), '[^a-z0-9]+', ' ', 'g'), ' ')`;

/** Whether the normalised text `t` matches the item's patterns (none: any text). */
function matches(item: ChecklistItemDef, t: SQL): SQL {
  const any = (res: RegExp[]) => res.map((r) => `(?:${pgRegex(r)})`).join('|');
  const include = item.include.length ? sql`${t} ~ ${any(item.include)}` : sql`true`;
  return item.exclude?.length ? sql`(${include} and not ${t} ~ ${any(item.exclude)})` : include;
}

const OWN_TYPES = [...new Set(CHECKLIST_ITEMS.flatMap((i) => (i.audience === 'own' ? (i.types ?? []) : [])))];
const GROUP_SOURCES: ChecklistSource[] = ['copro', 'bank', 'ag'];
const sourceOf = sql`case dg.kind when 'BANK_STATEMENT' then 'bank' when 'AG' then 'ag' else 'copro' end`;
const groupText = norm(sql`coalesce(dg.name, '') || ' ' || d.name`);

/** A candidate of a group, the syndic or the carnet matches: its source, its patterns, no type. */
function groupMatch(item: ChecklistItemDef, sources: ChecklistSource[], source: SQL, t: SQL): SQL {
  const mine = item.sources.filter((s) => sources.includes(s));
  if (!mine.length || item.types) return sql`false`;
  return sql`(${source} in (${sql.join(
    mine.map((s) => sql`${s}`),
    sql`, `,
  )}) and ${matches(item, t)})`;
}

const col = (item: ChecklistItemDef) => sql.raw(`"m_${item.code}"`);

export interface MissingRow {
  id: string;
  /** The building's `checklist_version` the count was computed at. */
  version: number;
  missing: number;
  /** The next assembly not held yet: the count may change when it is (art. 1, 8°). */
  next_assembly: Date | null;
}

/**
 * Each building's number of missing items, for the buildings `ids`, at `now`. Each document's
 * text is normalised once (a subquery), then matched to every item; a co-owner's own items stop at
 * the first co-owner without one.
 */
export async function missingCounts(db: Executor, ids: string[], now: Date): Promise<MissingRow[]> {
  if (!ids.length) return [];
  const shared = CHECKLIST_ITEMS.filter((i) => i.audience !== 'own');
  for (const i of CHECKLIST_ITEMS)
    if ((i.audience === 'own') !== (i.sources.length === 1 && i.sources[0] === 'own'))
      throw new Error(`checklist item ${i.code}: own items read own documents only`);
  const t = sql`x.t`;
  const flags = (sources: ChecklistSource[], source: SQL) =>
    sql.join(
      shared.map((i) => sql`coalesce(bool_or(${groupMatch(i, sources, source, t)}), false) as ${col(i)}`),
      sql`, `,
    );
  const has = (i: ChecklistItemDef) => sql`(gm.${col(i)} or sm.${col(i)} or km.${col(i)})`;
  const at = sql`${now.toISOString()}::timestamptz`;
  const pv = CHECKLIST_ITEMS.find((i) => i.code === 'pv_ag');
  const sharedMissing = shared.map((i) => {
    if (i !== pv) return sql`(case when ${has(i)} then 0 else 1 end)`;
    // Art. 1, 8°: once assemblies were held, each of the last three has its PV on it or a PV
    // document of its year dated from the meeting on (`lastAssembleesPv`).
    const pvDoc = sql`exists (select 1 from (select d.date, ${sourceOf} as source, ${groupText} as t
        from documents d join document_groups dg on dg.id = d.group_id
        where dg.scope = 'copropriete' and dg.copropriete_id = b.id
          and d.date >= a.day and extract(year from d.date) = extract(year from a.day) offset 0) x
      where ${groupMatch(i, GROUP_SOURCES, sql`x.source`, t)})`;
    return sql`(case when exists (select 1 from assemblees a where a.copropriete_id = b.id and a.date <= ${at})
      then (select case when bool_and(a.pv_file_id is not null or ${pvDoc}) then 0 else 1 end
        from (select a.pv_file_id, (a.date at time zone 'Europe/Paris')::date as day from assemblees a
          where a.copropriete_id = b.id and a.date <= ${at}
          order by 2 desc, a.date, a.id limit 3) a)
      else (case when ${has(i)} then 0 else 1 end) end)`;
  });
  // Own items: missing when the building has no co-owner, or one has no matching document. A
  // lateral LIMIT 1 per item: stops at the first co-owner without one (an EXISTS here would be
  // planned as a hash over every co-owner of every building).
  const own = CHECKLIST_ITEMS.filter((i) => i.audience === 'own');
  const lacking = own.map((i, k) => {
    const types = i.types ?? OWN_TYPES;
    const text = i.include.length ? norm(sql`' ' || d.name`) : sql`''`;
    return sql`cross join lateral (select count(*)::int as n from (select 1 from coproprietaires o
      where o.copropriete_id = b.id and o.removed_at is null
        and not exists (select 1 from documents d where d.coproprietaire_id = o.id
          and d.type_code in (${sql.join(
            types.map((x) => sql`${x}`),
            sql`, `,
          )}) and ${matches(i, text)})
      limit 1) x) ${sql.raw(`own${k}`)}`;
  });
  const ownMissing = own.map(
    (_, k) => sql`(case when ${sql.raw(`own${k}`)}.n > 0 or ob.n = 0 then 1 else 0 end)`,
  );
  const hasContent = sql`(k.construction_year is not null or jsonb_array_length(k.insurance_contracts) > 0
    or jsonb_array_length(k.maintenance_contracts) > 0 or jsonb_array_length(k.major_works) > 0
    or coalesce(jsonb_array_length(k.works_plan->'items'), 0) > 0 or jsonb_array_length(k.dtg_works) > 0)`;
  const texts = (where: SQL) => sql`(select ${sourceOf} as source, ${groupText} as t, dg.syndic_id
    from documents d join document_groups dg on dg.id = d.group_id where ${where} offset 0) x`;
  const result = await db.execute(sql`with b as (select id, syndic_id, checklist_version from coproprietes
      where id = any(${sql.param(ids)}::uuid[])),
    sm as (select x.syndic_id, ${flags(['syndic'], sql`'syndic'`)}
      from ${texts(sql`dg.scope = 'syndic' and dg.syndic_id in (select syndic_id from b)`)} group by x.syndic_id)
    select b.id, b.checklist_version as version, (${sql.join([...sharedMissing, ...ownMissing], sql` + `)})::int as missing,
      (select min(a.date) from assemblees a where a.copropriete_id = b.id and a.date > ${at}) as next_assembly
    from b
    left join sm on sm.syndic_id = b.syndic_id
    cross join lateral (select ${flags(GROUP_SOURCES, sql`x.source`)}
      from ${texts(sql`dg.scope = 'copropriete' and dg.copropriete_id = b.id`)}) gm
    cross join lateral (select ${flags(['builtin'], sql`'builtin'`)}
      from (select ${norm(sql`${BUILTIN_CARNET_NAME}::text`)} as t from carnets_entretien k
        where k.copropriete_id = b.id and ${hasContent}) x) km
    cross join lateral (select count(*)::int as n from (select 1 from coproprietaires o
      where o.copropriete_id = b.id and o.removed_at is null limit 1) x) ob
    ${sql.join(lacking, sql` `)}`);
  type Raw = { id: string; version: string | number; missing: number; next_assembly: string | Date | null };
  return (result as unknown as { rows: Raw[] }).rows.map((r) => ({
    id: r.id,
    version: Number(r.version),
    missing: Number(r.missing),
    next_assembly: r.next_assembly ? new Date(r.next_assembly) : null,
  }));
}
