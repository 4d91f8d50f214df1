import { type Column, getTableColumns, getTableName, type SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';

type Exec = { execute: (q: SQL) => Promise<unknown> };

/**
 * A table's rows as one JSON document for `json_to_recordset`, with the column list and types.
 * `json`, not `jsonb`: the document is read once, so building its binary form first is waste,
 * and a jsonb column is taken as json and cast, where jsonb_to_recordset turning a nested value
 * into jsonb costs twice the whole insert (bench:import, decision 146). A column holding one
 * value in every row (the syndic, the building, the action…) is sent once as a parameter, and a
 * null is left out (it reads as null): the document is what the import spends its CPU sending.
 */
function recordset<T extends PgTable>(table: T, rows: Partial<T['$inferInsert']>[], defaults = true) {
  const columns = getTableColumns(table) as Record<string, Column>;
  const keys = Object.keys(columns).filter(
    (k) =>
      rows.some((r) => (r as Record<string, unknown>)[k] !== undefined) || (defaults && columns[k].defaultFn),
  );
  const driver = (col: Column, v: unknown) => (v === null ? null : isJson(col) ? v : col.mapToDriverValue(v));
  const cell = (r: Record<string, unknown>, k: string) => {
    const v = r[k];
    return v === undefined ? (defaults && columns[k].defaultFn ? columns[k].defaultFn() : null) : v;
  };
  // One scalar value shared by every row (objects compare by content only at a higher price: not tried).
  const constant = new Map<string, unknown>();
  if (rows.length > 1)
    for (const k of keys) {
      if (k === 'id' || columns[k].defaultFn) continue;
      const first = driver(columns[k], cell(rows[0] as Record<string, unknown>, k));
      if (first !== null && typeof first === 'object') continue;
      if (rows.every((r) => driver(columns[k], cell(r as Record<string, unknown>, k)) === first))
        constant.set(k, first);
    }
  // json_to_recordset needs one column at least.
  if (constant.size === keys.length) constant.delete(keys[0]);
  const varying = keys.filter((k) => !constant.has(k));
  const docs = rows.map((row) => {
    const r = row as Record<string, unknown>;
    const doc: Record<string, unknown> = {};
    for (const k of varying) {
      const v = driver(columns[k], cell(r, k));
      if (v !== null) doc[columns[k].name] = v;
    }
    return doc;
  });
  const type = (k: string) => columns[k].getSQLType();
  const value = (k: string): SQL => {
    if (!constant.has(k)) return sql.raw(`x."${columns[k].name}"${isJson(columns[k]) ? '::jsonb' : ''}`);
    const v = constant.get(k);
    return sql`${v === null ? null : isJson(columns[k]) ? JSON.stringify(v) : v}::${sql.raw(type(k))}`;
  };
  return {
    name: sql.raw(`"${getTableName(table)}"`),
    names: sql.raw(keys.map((k) => `"${columns[k].name}"`).join(', ')),
    values: sql.join(keys.map(value), sql`, `),
    defs: sql.raw(
      varying.map((k) => `"${columns[k].name}" ${isJson(columns[k]) ? 'json' : type(k)}`).join(', '),
    ),
    json: JSON.stringify(docs),
    columns,
    keys,
    value,
  };
}

const isJson = (col: Column) => col.getSQLType() === 'jsonb';

/**
 * A multi-row INSERT sent as one parameter: `insert … select … from json_to_recordset($1)`.
 * Drizzle builds a VALUES list parameter by parameter, which cost 12 of the 30 CPU seconds of
 * a 20,000-line import (bench:import profile); one JSON document per chunk costs next to
 * nothing to build, works the same on node-postgres and PGlite, and keeps the types of the
 * table (each column is cast by its SQL type). Values go through the column's own driver
 * mapping, as drizzle's insert would; JS-side defaults (`$defaultFn`) are applied; a column
 * no row sets keeps its database default.
 */
export async function insertRows<T extends PgTable>(
  db: Exec,
  table: T,
  rows: Partial<T['$inferInsert']>[],
  opts: {
    onConflictDoNothing?: boolean;
    returning?: (keyof T['$inferSelect'] & string)[];
    chunk?: number;
  } = {},
): Promise<Record<string, unknown>[]> {
  if (rows.length === 0) return [];
  const out: Record<string, unknown>[] = [];
  const size = opts.chunk ?? 5000;
  for (let i = 0; i < rows.length; i += size) {
    const { name, names, values, defs, json, columns } = recordset(table, rows.slice(i, i + size));
    const returning = opts.returning?.length
      ? sql.raw(` returning ${opts.returning.map((k) => `"${columns[k].name}" as "${k}"`).join(', ')}`)
      : sql``;
    const conflict = opts.onConflictDoNothing ? sql` on conflict do nothing` : sql``;
    const res = (await db.execute(
      sql`insert into ${name} (${names}) select ${values} from json_to_recordset(${json}::json) as x(${defs})${conflict}${returning}`,
    )) as { rows: Record<string, unknown>[] };
    if (opts.returning?.length) out.push(...res.rows);
  }
  return out;
}

/**
 * Many rows updated by id in one statement per chunk: `update … from json_to_recordset($1)`.
 * Each row sets the columns it carries (every row of a call carries the same ones); a row whose
 * values are all the same as stored is not written (`is distinct from`), so it keeps its
 * tuple and fires nothing. Answers the ids actually written.
 */
export async function updateRows<T extends PgTable>(
  db: Exec,
  table: T,
  rows: (Partial<T['$inferInsert']> & { id: string })[],
  opts: {
    chunk?: number;
    /** Columns every row written must hold already (`syndic_id`: a tenant's own rows only). */
    match?: Partial<Record<keyof T['$inferSelect'] & string, string>>;
  } = {},
): Promise<string[]> {
  const out: string[] = [];
  const size = opts.chunk ?? 5000;
  for (let i = 0; i < rows.length; i += size) {
    const { name, defs, json, columns, keys, value } = recordset(table, rows.slice(i, i + size), false);
    const set = keys.filter((k) => k !== 'id');
    if (set.length === 0) continue;
    const col = (k: string) => sql.raw(`"${columns[k].name}"`);
    const match = Object.entries(opts.match ?? {}).map(([k, v]) => sql` and t.${col(k)} = ${v}`);
    const res = (await db.execute(
      sql`update ${name} as t set ${sql.join(
        set.map((k) => sql`${col(k)} = ${value(k)}`),
        sql`, `,
      )}
        from json_to_recordset(${json}::json) as x(${defs})
        where t."id" = x."id"${sql.join(match, sql``)} and row(${sql.join(
          set.map((k) => sql`t.${col(k)}`),
          sql`, `,
        )}) is distinct from row(${sql.join(set.map(value), sql`, `)})
        returning t."id"`,
    )) as { rows: { id: string }[] };
    out.push(...res.rows.map((r) => String(r.id)));
  }
  return out;
}

/**
 * `insertRows` answering only how many rows it wrote: with `onConflictDoNothing`, equal to the
 * rows given when none conflicted. No row comes back to be parsed.
 */
export async function insertCount<T extends PgTable>(
  db: Exec,
  table: T,
  rows: Partial<T['$inferInsert']>[],
  opts: { onConflictDoNothing?: boolean; chunk?: number } = {},
): Promise<number> {
  let n = 0;
  const size = opts.chunk ?? 5000;
  for (let i = 0; i < rows.length; i += size) {
    const { name, names, values, defs, json } = recordset(table, rows.slice(i, i + size));
    const conflict = opts.onConflictDoNothing ? sql` on conflict do nothing` : sql``;
    const res = (await db.execute(
      sql`with i as (insert into ${name} (${names}) select ${values} from json_to_recordset(${json}::json) as x(${defs})${conflict} returning 1) select count(*)::int as n from i`,
    )) as { rows: { n: number }[] };
    n += Number(res.rows[0]?.n ?? 0);
  }
  return n;
}

/** One table's rows for `insertAtOnce`; `returning` is an SQL list over the inserted row. */
export interface InsertPart {
  table: PgTable;
  rows: Record<string, unknown>[];
  returning?: SQL;
}

/**
 * Several tables' rows written by ONE statement (data-modifying CTEs, one JSON parameter each):
 * one round trip, and atomic on its own, so a caller outside a transaction needs no
 * BEGIN/COMMIT. Rows must carry their ids when another part refers to them (drawn in JS). A
 * part's RETURNING, like any subquery of the statement, sees the tables as they were before
 * it. Answers each part's returned rows (JSON values), in part order.
 */
export async function insertAtOnce(db: Exec, parts: InsertPart[]): Promise<Record<string, unknown>[][]> {
  const live = parts.map((p, i) => ({ ...p, i })).filter((p) => p.rows.length > 0);
  if (live.length === 0) return parts.map(() => []);
  const ctes = live.map((p) => {
    const { name, names, values, defs, json } = recordset(p.table, p.rows as never);
    const returning = p.returning ? sql` returning ${p.returning}` : sql` returning 1 as one`;
    return sql`${sql.raw(`p${p.i}`)} as (insert into ${name} (${names}) select ${values} from json_to_recordset(${json}::json) as x(${defs})${returning})`;
  });
  const selects = live.map(
    (p) =>
      sql`(select coalesce(json_agg(${sql.raw(`p${p.i}`)}), '[]'::json) from ${sql.raw(`p${p.i}`)}) as ${sql.raw(`p${p.i}`)}`,
  );
  const res = (await db.execute(
    sql`with ${sql.join(ctes, sql`, `)} select ${sql.join(selects, sql`, `)}`,
  )) as {
    rows: Record<string, unknown>[];
  };
  // json columns come back parsed (node-postgres and PGlite alike).
  const row = res.rows[0] ?? {};
  return parts.map((_, i) => (row[`p${i}`] ?? []) as Record<string, unknown>[]);
}
