import type { Message } from '@tantieme/contract';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../http/errors.js';
import type { UserRow } from '../identity/users.js';
import { emitMessageEvents, emitNotificationEvents } from './notify.js';
import { presentMessage, presentNotification } from './notifications.presenter.js';
import type { RowsOf } from '../../db/prepared.js';
import type { PageFilter } from './feed.repo.js';
import * as messagesRepo from './messages.repo.js';
import * as repo from './notifications.repo.js';

type App = Pick<FastifyInstance, 'db' | 'realtime' | 'platform'>;
interface ListQuery {
  page_size: number;
  page_index: number;
  un_read_only: boolean;
  category: string;
}

/** Emits after the change; a failed emit never fails the call (clients re-fetch on reconnect). */
async function quietly(p: Promise<void>) {
  await p.catch(() => {});
}

// ---- notifications (the record, when given, was checked by the access guard) ----

/** A list query as the repo's page filter (notifications and messages alike). */
const pageFilter = (q: ListQuery): PageFilter => ({
  limit: q.page_size,
  offset: q.page_index,
  unreadOnly: q.un_read_only,
  category: q.category,
});

/** Every notification the user may see (their records' and their own): the read, for the route to run with the session, then the page. */
export const userNotificationsRead = (q: ListQuery) => repo.userNotificationsRead(pageFilter(q));

export async function presentUserNotifications(
  app: App,
  user: UserRow,
  q: ListQuery,
  rows: RowsOf<ReturnType<typeof userNotificationsRead>>,
) {
  const page = await repo.userNotificationsPageOf(app.db, user.id, pageFilter(q), rows);
  return { total: page.total, data: page.rows.map(presentNotification) };
}

/** One record's page: the read, for the route to run with the session, then the page. */
export const recordNotificationsRead = (coproprietaireId: string, q: ListQuery) =>
  repo.recordNotificationsRead(coproprietaireId, pageFilter(q));

export async function presentRecordNotifications(
  app: App,
  coproprietaireId: string,
  q: ListQuery,
  rows: RowsOf<ReturnType<typeof recordNotificationsRead>>,
) {
  const page = await repo.recordNotificationsPageOf(app.db, coproprietaireId, pageFilter(q), rows);
  return { total: page.total, data: page.rows.map(presentNotification) };
}

export async function unreadNotifications(
  app: App,
  user: UserRow,
  coproprietaireId: string | undefined,
  category: string,
) {
  const n = await repo.countUnreadNotifications(app.db, repo.visibleTo(user.id, coproprietaireId), category);
  return [{ category, totalUnread: n }];
}

async function ownNotification(app: App, user: UserRow, id: string) {
  const row = await repo.findNotification(app.db, repo.visibleTo(user.id), id);
  if (!row) throw new AppError('NOT_FOUND');
  return row;
}

export async function getNotification(app: App, user: UserRow, id: string) {
  return presentNotification(await ownNotification(app, user, id));
}

export async function readNotification(app: App, user: UserRow, id: string) {
  const row = await ownNotification(app, user, id);
  if (row.is_read) return presentNotification(row);
  const updated = await repo.markNotificationRead(app.db, id);
  await quietly(
    emitNotificationEvents(app, [{ id, coproprietaire_id: row.coproprietaire_id, user_id: user.id }], 'read'),
  );
  return presentNotification(updated);
}

export async function deleteNotification(app: App, user: UserRow, id: string) {
  const row = await ownNotification(app, user, id);
  const deleted = await repo.deleteNotification(app.db, id);
  await quietly(
    emitNotificationEvents(
      app,
      [{ id, coproprietaire_id: row.coproprietaire_id, user_id: user.id }],
      'delete',
    ),
  );
  return { deleted };
}

export async function readAllNotifications(app: App, user: UserRow, coproprietaireId?: string) {
  const touched = await repo.markAllNotificationsRead(app.db, repo.visibleTo(user.id, coproprietaireId));
  const records = [...new Set(touched.map((t) => t.coproprietaire_id))];
  // One read_all per record touched (and the user's own ones), so every open view follows.
  await quietly(
    emitNotificationEvents(
      app,
      (records.length > 0 ? records : [coproprietaireId ?? null]).map((c) => ({
        id: null,
        coproprietaire_id: c,
        user_id: user.id,
      })),
      'read_all',
    ),
  );
  return { updated: touched.length };
}

// ---- messages (of one record, checked by the guard) ----

/** The read of a messages page, for the route to run with the session (`readAsCoproprietaire`). */
export const messagesPageRead = (coproprietaireId: string, q: ListQuery) =>
  messagesRepo.messagesPageRead(coproprietaireId, pageFilter(q));

/** The messages page from the rows `messagesPageRead` read. */
export async function listMessages(
  app: App,
  coproprietaireId: string,
  q: ListQuery,
  read: RowsOf<ReturnType<typeof messagesPageRead>>,
) {
  const page = await messagesRepo.messagesPageOf(app.db, coproprietaireId, pageFilter(q), read);
  // The list carries attachment names only; signed URLs come with the detail.
  return {
    total: page.total,
    data: page.rows.map((m) =>
      presentMessage(
        m,
        m.attachments.map((a) => ({
          id: a.id,
          name: a.name,
          content_type: a.content_type,
          capacity: a.size,
          path_url: '',
        })),
      ),
    ),
  };
}

async function withAttachments(app: App, m: messagesRepo.MessageRow): Promise<Message> {
  const stored = await messagesRepo.filesByIds(
    app.db,
    m.attachments.map((a) => a.id),
  );
  const byId = new Map(stored.map((f) => [f.id, f]));
  const attachments = await Promise.all(
    m.attachments.flatMap((a) => {
      const f = byId.get(a.id);
      if (!f) return [];
      return [
        app.platform.storage.signedGetUrl(f.storage_key, 3600).then((url) => ({
          id: a.id,
          name: a.name,
          content_type: a.content_type,
          capacity: a.size,
          path_url: url,
        })),
      ];
    }),
  );
  return presentMessage(m, attachments);
}

export async function getMessage(app: App, coproprietaireId: string, id: string) {
  const m = await messagesRepo.findMessage(app.db, coproprietaireId, id);
  if (!m) throw new AppError('NOT_FOUND');
  return withAttachments(app, m);
}

export async function readMessage(app: App, user: UserRow, coproprietaireId: string, id: string) {
  const m = await messagesRepo.findMessage(app.db, coproprietaireId, id);
  if (!m) throw new AppError('NOT_FOUND');
  const row = m.is_read ? m : await messagesRepo.markMessageRead(app.db, id);
  if (!m.is_read)
    await quietly(
      emitMessageEvents(app, [{ id, coproprietaire_id: coproprietaireId, user_id: user.id }], 'read'),
    );
  return withAttachments(app, row);
}

export async function readAllMessages(app: App, user: UserRow, coproprietaireId: string) {
  const updated = await messagesRepo.markAllMessagesRead(app.db, coproprietaireId);
  await quietly(
    emitMessageEvents(app, [{ id: null, coproprietaire_id: coproprietaireId, user_id: user.id }], 'read_all'),
  );
  return { updated };
}

export async function unreadMessages(app: App, coproprietaireId: string, category: string) {
  return [
    { category, totalUnread: await messagesRepo.countUnreadMessages(app.db, coproprietaireId, category) },
  ];
}
