import { type Column, getTableColumns, getTableName, type SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';

type Exec = { execute: (q: SQL) => Promise<unknown> };

/**
 * A multi-row INSERT sent as one parameter: `insert … select … from jsonb_to_recordset($1)`.
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
  const columns = getTableColumns(table) as Record<string, Column>;
  const keys = Object.keys(columns).filter(
    (k) => rows.some((r) => (r as Record<string, unknown>)[k] !== undefined) || columns[k].defaultFn,
  );
  const out: Record<string, unknown>[] = [];
  const size = opts.chunk ?? 5000;
  for (let i = 0; i < rows.length; i += size) {
    const docs = rows.slice(i, i + size).map((row) => {
      const r = row as Record<string, unknown>;
      const doc: Record<string, unknown> = {};
      for (const k of keys) {
        const col = columns[k];
        let v = r[k];
        if (v === undefined) v = col.defaultFn ? col.defaultFn() : null;
        // jsonb goes in as the JSON value itself; every other type as its driver value.
        doc[col.name] = v === null ? null : col.getSQLType() === 'jsonb' ? v : col.mapToDriverValue(v);
      }
      return doc;
    });
    const names = sql.raw(keys.map((k) => `"${columns[k].name}"`).join(', '));
    const defs = sql.raw(keys.map((k) => `"${columns[k].name}" ${columns[k].getSQLType()}`).join(', '));
    const returning = opts.returning?.length
      ? sql.raw(` returning ${opts.returning.map((k) => `"${columns[k].name}" as "${k}"`).join(', ')}`)
      : sql``;
    const conflict = opts.onConflictDoNothing ? sql` on conflict do nothing` : sql``;
    const res = (await db.execute(
      sql`insert into ${sql.raw(`"${getTableName(table)}"`)} (${names}) select ${names} from jsonb_to_recordset(${JSON.stringify(docs)}::jsonb) as x(${defs})${conflict}${returning}`,
    )) as { rows: Record<string, unknown>[] };
    if (opts.returning?.length) out.push(...res.rows);
  }
  return out;
}
