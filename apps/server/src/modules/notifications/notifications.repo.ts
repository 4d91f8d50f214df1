import { and, desc, eq, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import type { RowsOf } from '../../db/prepared.js';
import {
  coproprietaires,
  devices,
  files,
  messages,
  notifications,
  sessions,
  unread,
} from '../../db/schema/index.js';

export type NotificationRow = typeof notifications.$inferSelect;
export type MessageRow = typeof messages.$inferSelect;

/**
 * Which notifications a user sees: those of the records they hold now, and their own ones
 * without a record. `coproprietaireId` narrows to one record (already checked by the guard).
 */
export function visibleTo(userId: string | SQL, coproprietaireId?: string): SQL {
  if (coproprietaireId) return eq(notifications.coproprietaire_id, coproprietaireId);
  // `= any(array(…))`, not `in (…)`: beside an OR, PostgreSQL cannot join an IN subquery and
  // scanned every notification of every building (200 ms for a page, 120–470 ms for the unread
  // count at 1,000 copropriétés); the array is computed once and both arms use their indexes.
  return or(
    sql`${notifications.coproprietaire_id} = any(array(select ${coproprietaires.id} from ${coproprietaires} where ${coproprietaires.user_id} = ${userId}))`,
    and(isNull(notifications.coproprietaire_id), eq(notifications.user_id, userId)),
  ) as SQL;
}

const categoryIs = (table: typeof notifications | typeof messages, category: string) =>
  category === 'all' ? undefined : eq(table.category, category);

/** A page of a feed (notifications or messages), as the list queries ask for it. */
export interface PageFilter {
  limit: number;
  offset: number;
  unreadOnly: boolean;
  category: string;
}

type Feed = typeof notifications | typeof messages;

const feedWhere = (table: Feed, scope: SQL, f: PageFilter) =>
  and(scope, f.unreadOnly ? unread(table) : undefined, categoryIs(table, f.category));

/**
 * A page of a feed as a named read (session-read.ts) within `scope`: one prepared statement per
 * filter shape (unread only? one category?), the values as placeholders.
 */
function pageRead<T>(
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
const recordPageRead = <T>(
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
async function pageOf<R extends { total: number }, T>(
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

// One statement: the page and the filtered total (window count over the same filter).
const notificationsPage = (db: Db, where: SQL | undefined) =>
  db
    .select({ n: notifications, total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(notifications)
    .where(where)
    .orderBy(desc(notifications.created_date), desc(notifications.id));

/**
 * Every notification of the session's user, a page (run inside the session statement,
 * `sessionRead`: `sessionOnly`, its user is the session's `user_id`). One prepared statement per
 * filter shape, like a record's page.
 */
export const userNotificationsRead = (f: PageFilter) => ({
  ...pageRead(
    'notifications_user_page',
    notifications,
    visibleTo(sql`${sessions.user_id}`),
    f,
    {},
    (db, where) =>
      notificationsPage(db, where).limit(sql.placeholder('limit')).offset(sql.placeholder('offset')),
  ),
  sessionOnly: true as const,
});

/** The page read by `userNotificationsRead` (past the last page, its total counted apart). */
export const userNotificationsPageOf = (
  db: Db,
  userId: string,
  f: PageFilter,
  rows: RowsOf<ReturnType<typeof userNotificationsRead>>,
) => pageOf(db, notifications, feedWhere(notifications, visibleTo(userId), f), f.offset, rows, (r) => r.n);

/** One record's page as a named read (run with the session, `readAsCoproprietaire`). */
export const recordNotificationsRead = (coproprietaireId: string, f: PageFilter) =>
  recordPageRead('notifications', notifications, coproprietaireId, f, (db, where) =>
    notificationsPage(db, where).limit(sql.placeholder('limit')).offset(sql.placeholder('offset')),
  );

/** The page read by `recordNotificationsRead`. */
export const recordNotificationsPageOf = (
  db: Db,
  coproprietaireId: string,
  f: PageFilter,
  rows: RowsOf<ReturnType<typeof recordNotificationsRead>>,
) =>
  pageOf(
    db,
    notifications,
    feedWhere(notifications, eq(notifications.coproprietaire_id, coproprietaireId), f),
    f.offset,
    rows,
    (r) => r.n,
  );

export async function countUnreadNotifications(db: Db, scope: SQL, category: string) {
  const [c] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(notifications)
    .where(and(scope, unread(notifications), categoryIs(notifications, category)));
  return c.n;
}

export async function findNotification(db: Db, scope: SQL, id: string) {
  const [row] = await db
    .select()
    .from(notifications)
    .where(and(scope, eq(notifications.id, id)))
    .limit(1);
  return row;
}

export async function markNotificationRead(db: Db, id: string) {
  const [row] = await db
    .update(notifications)
    .set({ is_read: true })
    .where(eq(notifications.id, id))
    .returning();
  return row;
}

/** Marks read and returns the records touched (their counts change). */
export async function markAllNotificationsRead(db: Db, scope: SQL) {
  return db
    .update(notifications)
    .set({ is_read: true })
    .where(and(scope, unread(notifications)))
    .returning({ id: notifications.id, coproprietaire_id: notifications.coproprietaire_id });
}

export async function deleteNotification(db: Db, id: string) {
  const rows = await db
    .delete(notifications)
    .where(eq(notifications.id, id))
    .returning({ id: notifications.id });
  return rows.length > 0;
}

/** Unread notifications and messages per record, for realtime totals (one statement each). */
export async function unreadTotals(db: Db, coproprietaireIds: string[]) {
  if (coproprietaireIds.length === 0) return new Map<string, { n: number; m: number }>();
  const [ns, ms] = await Promise.all([
    db
      .select({ id: notifications.coproprietaire_id, n: sql<number>`count(*)`.mapWith(Number) })
      .from(notifications)
      .where(and(inArray(notifications.coproprietaire_id, coproprietaireIds), unread(notifications)))
      .groupBy(notifications.coproprietaire_id),
    db
      .select({ id: messages.coproprietaire_id, n: sql<number>`count(*)`.mapWith(Number) })
      .from(messages)
      .where(and(inArray(messages.coproprietaire_id, coproprietaireIds), unread(messages)))
      .groupBy(messages.coproprietaire_id),
  ]);
  const out = new Map(coproprietaireIds.map((id) => [id, { n: 0, m: 0 }]));
  for (const r of ns) if (r.id) out.get(r.id)!.n = r.n;
  for (const r of ms) out.get(r.id)!.m = r.n;
  return out;
}

/** Unread notifications of a user without a record. */
export async function unreadOwn(db: Db, userId: string) {
  const [c] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(notifications)
    .where(
      and(eq(notifications.user_id, userId), isNull(notifications.coproprietaire_id), unread(notifications)),
    );
  return c.n;
}

// ---- messages (always of one record, checked by the guard before) ----

/** One page of a record's messages with the filter's total, as a named read. */
export const messagesPageRead = (coproprietaireId: string, f: PageFilter) =>
  recordPageRead('messages', messages, coproprietaireId, f, (db, where) =>
    db
      .select({ m: messages, total: sql<number>`count(*) over ()`.mapWith(Number) })
      .from(messages)
      .where(where)
      .orderBy(desc(messages.created_date), desc(messages.id))
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset')),
  );

/** The page read by `messagesPageRead`. */
export const messagesPageOf = (
  db: Db,
  coproprietaireId: string,
  f: PageFilter,
  rows: RowsOf<ReturnType<typeof messagesPageRead>>,
) =>
  pageOf(
    db,
    messages,
    feedWhere(messages, eq(messages.coproprietaire_id, coproprietaireId), f),
    f.offset,
    rows,
    (r) => r.m,
  );

export async function findMessage(db: Db, coproprietaireId: string, id: string) {
  const [row] = await db
    .select()
    .from(messages)
    .where(and(eq(messages.coproprietaire_id, coproprietaireId), eq(messages.id, id)))
    .limit(1);
  return row;
}

export async function markMessageRead(db: Db, id: string) {
  const [row] = await db.update(messages).set({ is_read: true }).where(eq(messages.id, id)).returning();
  return row;
}

export async function markAllMessagesRead(db: Db, coproprietaireId: string) {
  const rows = await db
    .update(messages)
    .set({ is_read: true })
    .where(and(eq(messages.coproprietaire_id, coproprietaireId), unread(messages)))
    .returning({ id: messages.id });
  return rows.length;
}

export async function countUnreadMessages(db: Db, coproprietaireId: string, category: string) {
  const [c] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(messages)
    .where(
      and(eq(messages.coproprietaire_id, coproprietaireId), unread(messages), categoryIs(messages, category)),
    );
  return c.n;
}

export async function filesByIds(db: Db, ids: string[]) {
  if (ids.length === 0) return [];
  return db.select().from(files).where(inArray(files.id, ids));
}

// ---- devices ----

export async function upsertDevice(db: Db, userId: string, v: Omit<typeof devices.$inferInsert, 'user_id'>) {
  const [row] = await db
    .insert(devices)
    .values({ ...v, user_id: userId })
    .onConflictDoUpdate({
      target: [devices.user_id, devices.device_token],
      set: {
        device_name: v.device_name,
        device_language: v.device_language,
        device_info: v.device_info,
        device_gmt: v.device_gmt,
        status: v.status,
      },
    })
    .returning();
  return row;
}

export async function deleteDevice(db: Db, userId: string, token: string) {
  const rows = await db
    .delete(devices)
    .where(and(eq(devices.user_id, userId), eq(devices.device_token, token)))
    .returning({ id: devices.id });
  return rows.length > 0;
}
