import { type AnyColumn, type SQL, sql } from 'drizzle-orm';
import { AppError } from '../../../http/errors.js';

/**
 * Cursor pagination by keyset: the cursor is the sort key of the last row given (opaque
 * base64url JSON), so pages stay stable while rows are added and no OFFSET scan is needed.
 */
export function encodeCursor(values: (string | number)[]): string {
  return Buffer.from(JSON.stringify(values)).toString('base64url');
}

/** The cursor's values, or null without one; a cursor we did not give is a 400 on `cursor`. */
export function decodeCursor(cursor: string | undefined, arity: number): string[] | null {
  if (!cursor) return null;
  try {
    const v = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (
      Array.isArray(v) &&
      v.length === arity &&
      v.every((x) => typeof x === 'string' || typeof x === 'number')
    )
      return v.map(String);
  } catch {
    // falls through to the 400
  }
  throw new AppError('VALIDATION_ERROR', undefined, { errors: { cursor: 'Curseur invalide.' } });
}

type KeyPart = [
  column: AnyColumn | SQL,
  value: string,
  cast: 'timestamptz' | 'uuid' | 'text' | 'int' | 'date',
];

/** `(a, b) > (va, vb)` (or `<` for a descending order), the values cast to the columns' types. */
export function cursorWhere(dir: 'asc' | 'desc', parts: KeyPart[]): SQL {
  const cols = sql.join(
    parts.map(([c]) => sql`${c}`),
    sql`, `,
  );
  const vals = sql.join(
    parts.map(([, v, cast]) => sql`${v}::${sql.raw(cast)}`),
    sql`, `,
  );
  return dir === 'asc' ? sql`(${cols}) > (${vals})` : sql`(${cols}) < (${vals})`;
}

/**
 * A timestamp as text to the microsecond, as PostgreSQL stores it, to select beside a row for
 * its cursor: a JS Date keeps milliseconds only, and rows sharing a millisecond would be skipped.
 */
export const exactTime = (col: AnyColumn) =>
  sql<string>`to_char(${col} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/**
 * Rows fetched with `limit + 1`: the page and the cursor of the next one (null on the last).
 * The key is the full sort key (timestamps from `exactTime`, never a Date) ending with a unique id.
 */
export function pageOf<T>(rows: T[], limit: number, key: (row: T) => (string | number)[]) {
  const items = rows.slice(0, limit);
  const last = items.at(-1);
  const next = rows.length > limit && last ? encodeCursor(key(last)) : null;
  return { items, next_cursor: next };
}
