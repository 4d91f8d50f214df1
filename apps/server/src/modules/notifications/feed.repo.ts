import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { type messages, type notifications, unread } from '../../db/schema/index.js';

// What the two feeds of a co-owner (notifications, messages from the syndic) page alike: the
// filter, one prepared statement per filter shape, the page with its total.

/** A category's condition; none for 'all'. */
export const categoryIs = (table: typeof notifications | typeof messages, category: string) =>
  category === 'all' ? undefined : eq(table.category, category);

/** A page of a feed (notifications or messages), as the list queries ask for it. */
export interface PageFilter {
  limit: number;
  offset: number;
  unreadOnly: boolean;
  category: string;
}

type Feed = typeof notifications | typeof messages;

export const feedWhere = (table: Feed, scope: SQL, f: PageFilter) =>
  and(scope, f.unreadOnly ? unread(table) : undefined, categoryIs(table, f.category));

/**
 * A page of a feed as a named read (session-read.ts) within `scope`: one prepared statement per
 * filter shape (unread only? one category?), the values as placeholders.
 */
export function pageRead<T>(
  name: string,
  table: Feed,
  scope: SQL,
  f: PageFilter,
  values: Record<string, unknown>,
  page: (db: Db, where: SQL | undefined) => T,
) {
  const byCategory = f.category !== 'all';
  return {
    name: `${name}${f.unreadOnly ? '_unread' : ''}${byCategory ? '_category' : ''}`,
    build: (db: Db) =>
      page(
        db,
        and(
          scope,
          f.unreadOnly ? unread(table) : undefined,
          byCategory ? eq(table.category, sql.placeholder('category')) : undefined,
        ),
      ),
    values: { ...values, category: f.category, limit: f.limit, offset: f.offset },
  };
}

/** One record's page of a feed (run with the session, `readAs…`). */
export const recordPageRead = <T>(
  kind: string,
  table: Feed,
  coproprietaireId: string,
  f: PageFilter,
  page: (db: Db, where: SQL | undefined) => T,
) =>
  pageRead(
    `${kind}_page`,
    table,
    eq(table.coproprietaire_id, sql.placeholder('record')),
    f,
    { record: coproprietaireId },
    page,
  );

/** A page's rows and total (window count); past the last page, the total is counted apart. */
export async function pageOf<R extends { total: number }, T>(
  db: Db,
  table: Feed,
  where: SQL | undefined,
  offset: number,
  rows: R[],
  pick: (r: R) => T,
) {
  if (rows.length > 0) return { total: rows[0].total, rows: rows.map(pick) };
  if (offset === 0) return { total: 0, rows: [] as T[] };
  const [c] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(table)
    .where(where);
  return { total: c.n, rows: [] as T[] };
}
