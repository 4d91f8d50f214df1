import { and, eq, inArray, sql } from 'drizzle-orm';
import { coproprietaires, notifications, unread } from '../../db/schema/index.js';
import {
  emitNotificationEvents,
  type NotificationInput,
  type NotifyDeps,
  type Staged,
  stageNotification,
  type Tx,
} from './notify.js';

/**
 * One unread notification per (record, key), on top of notify.ts (decision 57). While a record
 * still has an unread notification with the same `key` (a chat conversation), a new event
 * rewrites that row (text, sender, date: it moves to the top) instead of adding one, and sends
 * no further push or e-mail; the first one already rang. Once it is read (or the conversation is
 * opened: `readCoalesced`), the next event creates a new notification again.
 *
 * Two events for the same record and key must not both insert: callers hold a row lock that
 * serialises them (the chat's send updates the recipient's membership row first).
 */
export async function stageCoalescedNotification(
  tx: Tx,
  deps: NotifyDeps,
  coproprietaireIds: string[],
  key: string,
  input: NotificationInput,
): Promise<Staged> {
  const ids = [...new Set(coproprietaireIds)];
  if (ids.length === 0) return { ids: [], recipients: [], afterCommit: async () => {} };
  const data = { ...(input.data ?? {}), ...(input.url ? { url: input.url } : {}), coalesce: key };
  const now = new Date();
  const updated = await tx
    .update(notifications)
    .set({
      title: input.title,
      body: input.body,
      ...(input.sender ? { sender: input.sender } : {}),
      data,
      event_action_date: now,
      created_date: now,
    })
    .where(
      and(
        inArray(notifications.coproprietaire_id, ids),
        unread(notifications),
        sql`${notifications.data}->>'coalesce' = ${key}`,
      ),
    )
    .returning({
      id: notifications.id,
      coproprietaire_id: notifications.coproprietaire_id,
      // Written out: drizzle leaves a one-table query's columns unqualified (see notify.ts).
      user_id: sql<string | null>`(select c.user_id from coproprietaires c
        where c.id = "notifications"."coproprietaire_id")`,
    });
  const seen = new Set(updated.map((u) => u.coproprietaire_id));
  const fresh = ids.filter((id) => !seen.has(id));
  const staged = fresh.length
    ? await stageNotification(tx, deps, { coproprietaireIds: fresh }, { ...input, data })
    : null;
  return {
    ids: [...updated.map((u) => u.id), ...(staged?.ids ?? [])],
    recipients: [
      ...updated.map((u) => ({ id: u.id, coproprietaire_id: u.coproprietaire_id, user_id: u.user_id })),
      ...(staged?.recipients ?? []),
    ],
    afterCommit: async () => {
      await staged?.afterCommit();
      // 'new' again for a rewritten row: the lists fetch it and put it on top (same id, no new unread).
      await emitNotificationEvents(deps, updated, 'new');
    },
  };
}

/**
 * Marks read the record's unread notifications with that key (the conversation was opened) and
 * tells the open lists; returns how many. Failures of the live event are the caller's to ignore.
 */
export async function readCoalesced(
  deps: Pick<NotifyDeps, 'db' | 'realtime'>,
  coproprietaireId: string,
  key: string,
) {
  const rows = await deps.db
    .update(notifications)
    .set({ is_read: true })
    .where(
      and(
        eq(notifications.coproprietaire_id, coproprietaireId),
        unread(notifications),
        sql`${notifications.data}->>'coalesce' = ${key}`,
      ),
    )
    .returning({ id: notifications.id, coproprietaire_id: notifications.coproprietaire_id });
  if (rows.length === 0) return 0;
  const [holder] = await deps.db
    .select({ user_id: coproprietaires.user_id })
    .from(coproprietaires)
    .where(eq(coproprietaires.id, coproprietaireId));
  await emitNotificationEvents(
    deps,
    rows.map((r) => ({ ...r, user_id: holder?.user_id ?? null })),
    'read',
  );
  return rows.length;
}
