import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import type { RowsOf } from '../../db/prepared.js';
import { files, messages, unread } from '../../db/schema/index.js';
import { categoryIs, feedWhere, type PageFilter, pageOf, recordPageRead } from './feed.repo.js';

export type MessageRow = typeof messages.$inferSelect;

// A record's messages from the syndic: always of one record, checked by the guard before.

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
