import { and, desc, eq, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import type { RowsOf } from '../../db/prepared.js';
import { coproprietaires, notifications, sessions, unread } from '../../db/schema/index.js';
import { categoryIs, feedWhere, type PageFilter, pageOf, pageRead, recordPageRead } from './feed.repo.js';

export type NotificationRow = typeof notifications.$inferSelect;

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
