import { and, desc, eq, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import type { RowsOf } from '../../db/prepared.js';
import { coproprietaires, devices, files, messages, notifications } from '../../db/schema/index.js';

export type NotificationRow = typeof notifications.$inferSelect;
export type MessageRow = typeof messages.$inferSelect;

/**
 * Which notifications a user sees: those of the records they hold now, and their own ones
 * without a record. `coproprietaireId` narrows to one record (already checked by the guard).
 */
export function visibleTo(userId: string, coproprietaireId?: string): SQL {
  if (coproprietaireId) return eq(notifications.coproprietaire_id, coproprietaireId);
  return or(
    inArray(
      notifications.coproprietaire_id,
      sql`(select ${coproprietaires.id} from ${coproprietaires} where ${coproprietaires.user_id} = ${userId})`,
    ),
    and(isNull(notifications.coproprietaire_id), eq(notifications.user_id, userId)),
  ) as SQL;
}

const categoryIs = (table: typeof notifications | typeof messages, category: string) =>
  category === 'all' ? undefined : eq(table.category, category);

type NotificationFilter = { limit: number; offset: number; unreadOnly: boolean; category: string };

const notificationsWhere = (scope: SQL, f: NotificationFilter) =>
  and(
    scope,
    f.unreadOnly ? eq(notifications.is_read, false) : undefined,
    categoryIs(notifications, f.category),
  );

const notificationsPage = (db: Db, where: SQL | undefined) =>
  // One statement: the page and the filtered total (window count over the same filter).
  db
    .select({ n: notifications, total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(notifications)
    .where(where)
    .orderBy(desc(notifications.created_date), desc(notifications.id));

type NotificationsPage = Awaited<ReturnType<typeof notificationsPage>>;

/** The page's rows and total; past the last page, the total is counted apart. */
async function notificationsPageOf(
  db: Db,
  where: SQL | undefined,
  f: NotificationFilter,
  rows: NotificationsPage,
) {
  if (rows.length > 0) return { total: rows[0].total, rows: rows.map((r) => r.n) };
  if (f.offset === 0) return { total: 0, rows: [] };
  const [c] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(notifications)
    .where(where);
  return { total: c.n, rows: [] };
}

export async function listNotifications(db: Db, scope: SQL, f: NotificationFilter) {
  const where = notificationsWhere(scope, f);
  return notificationsPageOf(
    db,
    where,
    f,
    await notificationsPage(db, where).limit(f.limit).offset(f.offset),
  );
}

/** One record's page as a named read (run with the session, `readAsCoproprietaire`). */
export function recordNotificationsRead(coproprietaireId: string, f: NotificationFilter) {
  const byCategory = f.category !== 'all';
  return {
    name: `notifications_page${f.unreadOnly ? '_unread' : ''}${byCategory ? '_category' : ''}`,
    build: (db: Db) =>
      notificationsPage(
        db,
        and(
          eq(notifications.coproprietaire_id, sql.placeholder('record')),
          f.unreadOnly ? eq(notifications.is_read, false) : undefined,
          byCategory ? eq(notifications.category, sql.placeholder('category')) : undefined,
        ),
      )
        .limit(sql.placeholder('limit'))
        .offset(sql.placeholder('offset')),
    values: { record: coproprietaireId, category: f.category, limit: f.limit, offset: f.offset },
  };
}

/** The page read by `recordNotificationsRead`. */
export function recordNotificationsPageOf(
  db: Db,
  coproprietaireId: string,
  f: NotificationFilter,
  rows: NotificationsPage,
) {
  return notificationsPageOf(
    db,
    notificationsWhere(eq(notifications.coproprietaire_id, coproprietaireId), f),
    f,
    rows,
  );
}

export async function countUnreadNotifications(db: Db, scope: SQL, category: string) {
  const [c] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(notifications)
    .where(and(scope, eq(notifications.is_read, false), categoryIs(notifications, category)));
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
    .where(and(scope, eq(notifications.is_read, false)))
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
      .where(
        and(inArray(notifications.coproprietaire_id, coproprietaireIds), eq(notifications.is_read, false)),
      )
      .groupBy(notifications.coproprietaire_id),
    db
      .select({ id: messages.coproprietaire_id, n: sql<number>`count(*)`.mapWith(Number) })
      .from(messages)
      .where(and(inArray(messages.coproprietaire_id, coproprietaireIds), eq(messages.is_read, false)))
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
      and(
        eq(notifications.user_id, userId),
        isNull(notifications.coproprietaire_id),
        eq(notifications.is_read, false),
      ),
    );
  return c.n;
}

// ---- messages (always of one record, checked by the guard before) ----

export interface MessageFilter {
  limit: number;
  offset: number;
  unreadOnly: boolean;
  category: string;
}

const messagesWhere = (coproprietaireId: string, f: MessageFilter) =>
  and(
    eq(messages.coproprietaire_id, coproprietaireId),
    f.unreadOnly ? eq(messages.is_read, false) : undefined,
    categoryIs(messages, f.category),
  );

/**
 * One page of a record's messages with the filter's total, as a named read (session-read.ts):
 * one prepared statement per filter shape, values as placeholders.
 */
export function messagesPageRead(coproprietaireId: string, f: MessageFilter) {
  const byCategory = f.category !== 'all';
  return {
    name: `messages_page${f.unreadOnly ? '_unread' : ''}${byCategory ? '_category' : ''}`,
    build: (db: Db) =>
      db
        .select({ m: messages, total: sql<number>`count(*) over ()`.mapWith(Number) })
        .from(messages)
        .where(
          and(
            eq(messages.coproprietaire_id, sql.placeholder('record')),
            f.unreadOnly ? eq(messages.is_read, false) : undefined,
            byCategory ? eq(messages.category, sql.placeholder('category')) : undefined,
          ),
        )
        .orderBy(desc(messages.created_date), desc(messages.id))
        .limit(sql.placeholder('limit'))
        .offset(sql.placeholder('offset')),
    values: { record: coproprietaireId, category: f.category, limit: f.limit, offset: f.offset },
  };
}

type MessagesPage = RowsOf<ReturnType<typeof messagesPageRead>>;

/** The page read by `messagesPageRead`; past the last page, the total is counted apart. */
export async function messagesPageOf(db: Db, coproprietaireId: string, f: MessageFilter, rows: MessagesPage) {
  if (rows.length > 0) return { total: rows[0].total, rows: rows.map((r) => r.m) };
  if (f.offset === 0) return { total: 0, rows: [] };
  const [c] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(messages)
    .where(messagesWhere(coproprietaireId, f));
  return { total: c.n, rows: [] };
}

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
    .where(and(eq(messages.coproprietaire_id, coproprietaireId), eq(messages.is_read, false)))
    .returning({ id: messages.id });
  return rows.length;
}

export async function countUnreadMessages(db: Db, coproprietaireId: string, category: string) {
  const [c] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(messages)
    .where(
      and(
        eq(messages.coproprietaire_id, coproprietaireId),
        eq(messages.is_read, false),
        categoryIs(messages, category),
      ),
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
