import * as drizzle from 'drizzle-orm';
import { Column, SQL, Subquery, getTableName, is } from 'drizzle-orm';
import type { Db } from '../../db/client.js';

/**
 * What the folded session read (session-read.ts) takes from drizzle's internals: the order of a
 * select's fields, its row mapper compiled once per statement, and the shapes of the builder and
 * the database it reaches into.
 */

export type Fields = { path: string[]; field: unknown }[];

/** Exported by drizzle-orm at runtime, untyped (@internal): what its own selects map rows with. */
export const { orderSelectedFields } = drizzle as unknown as {
  orderSelectedFields(fields: Record<string, unknown>): Fields;
};

type Decoder = { mapFromDriverValue(v: unknown): unknown };
export type Row = Record<string, unknown>;

/**
 * drizzle's `mapResultRow`, with its per-cell type tests done once per statement: each column's
 * decoder and path, and which table a nested object comes from (a left join's object is null
 * when all its columns are). Rows come out the same (`session-read.test.ts`).
 */
export function compileMapper(fields: Fields, joins: Record<string, boolean>) {
  const cols = fields.map(({ path, field }) => {
    const f = field as { decoder?: Decoder; sql?: { decoder: Decoder }; _?: { sql: { decoder: Decoder } } };
    const decoder: Decoder = is(field, Column)
      ? (field as unknown as Decoder)
      : is(field, SQL)
        ? (f.decoder as Decoder)
        : is(field, Subquery)
          ? (f._ as { sql: { decoder: Decoder } }).sql.decoder
          : (f.sql as { decoder: Decoder }).decoder;
    const table = is(field, Column) && path.length === 2 ? getTableName((field as Column).table) : undefined;
    return { path, last: path[path.length - 1], decoder, table };
  });
  return (row: unknown[]): Row => {
    const result: Row = {};
    const nullify: Record<string, string | false> = {};
    for (let i = 0; i < cols.length; i++) {
      const { path, last, decoder, table } = cols[i];
      let node = result;
      for (let k = 0; k < path.length - 1; k++) {
        if (!(path[k] in node)) node[path[k]] = {};
        node = node[path[k]] as Row;
      }
      const raw = row[i];
      const value = raw === null ? null : decoder.mapFromDriverValue(raw);
      node[last] = value;
      if (table !== undefined) {
        const o = path[0];
        if (!(o in nullify)) nullify[o] = value === null ? table : false;
        else if (typeof nullify[o] === 'string' && nullify[o] !== table) nullify[o] = false;
      }
    }
    for (const o in nullify) {
      const t = nullify[o];
      if (typeof t === 'string' && !joins[t]) result[o] = null;
    }
    return result;
  };
}

/** Drizzle internals a select builder carries (stable across 0.4x, used by its own `_prepare`). */
export interface SelectInternals {
  config: { fields: Record<string, unknown> };
  joinsNotNullableMap: Record<string, boolean>;
  getSQL(): SQL;
}
export interface DbInternals {
  dialect: { sqlToQuery(q: SQL): { sql: string; params: unknown[] } };
  session: {
    prepareQuery(
      q: { sql: string; params: unknown[] },
      fields: Fields | undefined,
      name: string | undefined,
      arrayMode: boolean,
      customResultMapper?: (rows: unknown[]) => unknown,
    ): {
      execute(values?: Record<string, unknown>): Promise<unknown[]>;
    };
  };
}

/** The per-database map of a cache keyed by database. */
export function perDb<K, V>(caches: WeakMap<object, Map<K, V>>, db: Db): Map<K, V> {
  let m = caches.get(db);
  if (!m) {
    m = new Map();
    caches.set(db, m);
  }
  return m;
}

/**
 * Types the driver hands over as text (drizzle keeps them raw): the JSON row carries them as
 * text too, so each column's decoder sees exactly what it sees when the query runs alone.
 */
const TEXT_TYPES = /^(numeric|decimal|bigint|timestamp|date|time|interval)/;

export function asText(field: unknown) {
  return is(field, Column) && TEXT_TYPES.test((field as Column).getSQLType());
}
