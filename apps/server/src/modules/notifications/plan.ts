import { randomUUID } from 'node:crypto';
import { type NotificationKind, notificationKindOf, type PushPayload } from '@tantieme/contract';
import { sql } from 'drizzle-orm';
import type { Config } from '../../config.js';
import type { InsertPart } from '../../db/bulk.js';
import type { Db } from '../../db/client.js';
import { messages, notifications, outbox, type SenderJson } from '../../db/schema/index.js';
import type { Realtime } from '../../realtime/index.js';
import type { Recipient } from './audience.js';
import { type DeliveryItem, deliveries } from './deliveries.js';
import { emitMessageEvents, emitNotificationEvents } from './events.js';

export interface NotificationInput {
  title: string;
  body: string;
  /** What it is about: MESSAGE, CHAT, ASSEMBLEE, DOCUMENT, SIGNALEMENT, VERIFICATION, INFO… (its kind of event for the preferences). */
  type?: string;
  category?: string;
  sub_type?: string;
  sender?: SenderJson;
  /** Path inside the app a click opens (`{id}` is replaced by the record id), e.g. '/{id}/assemblee/42'. */
  url?: string;
  data?: Record<string, unknown>;
  event_action_date?: Date;
  /** Send of the syndic API (delivery state, idempotency). */
  sendId?: string;
  /** Accounts the caller e-mails itself (a receipt with its PDF): no second e-mail for them. */
  emailedUserIds?: string[];
}

export interface MessageInput {
  title: string;
  body: string;
  category?: string;
  sender?: SenderJson;
  /** Ids of rows of `files`. */
  attachments?: { id: string; name: string; content_type: string; size: number }[];
  sendId?: string;
}

export interface NotifyDeps {
  db: Db;
  realtime: Realtime;
  config: Pick<Config, 'env' | 'publicUrl'>;
}

export interface Staged {
  /** Ids of the rows written, in recipient order. */
  ids: string[];
  recipients: { coproprietaire_id: string | null; user_id: string | null; id: string }[];
  /** Emits the realtime events; call it only after the transaction committed. */
  afterCommit(): Promise<void>;
}

/**
 * What a send writes, built in JS with its ids drawn here: the rows and their outbox entries go
 * out as parts of ONE statement (`insertAtOnce`), to which the syndic API adds its send and audit
 * rows (one round trip and one commit before the realtime event leaves, as the realtime benchmark measured).
 * `finish` takes what the rows' part returned (the holders' unread totals).
 */
export interface Plan {
  parts: InsertPart[];
  finish(returned: Record<string, unknown>[]): Staged;
}

/** Who a notification or message is from when the caller names nobody. */
export const SYSTEM_SENDER: SenderJson = { name: 'Tantième', avatar: null, type: 'system' };

/**
 * The holder's unread total once the new row is in, computed by the INSERT itself so the realtime
 * event leaves right after COMMIT without another query: a subquery in RETURNING sees the table as
 * it was before the statement, and an audience never holds a record (or user) twice, so it is the
 * unread count before plus the new row. A send committing at the same moment may be counted one
 * short; clients refresh the count after each event (SPEC §4).
 */
const UNREAD_AFTER_NOTIFICATION = sql<number>`(case when "notifications"."coproprietaire_id" is null
  then (select count(*) from notifications u where u.user_id = "notifications"."user_id"
        and u.coproprietaire_id is null and u.is_read = false)
  else (select count(*) from notifications u where u.coproprietaire_id = "notifications"."coproprietaire_id"
        and u.is_read = false) end)::int + 1`.mapWith(Number);
const UNREAD_AFTER_MESSAGE = sql<number>`(select count(*) from messages u
  where u.coproprietaire_id = "messages"."coproprietaire_id" and u.is_read = false)::int + 1`.mapWith(Number);

const fill = (url: string, id: string | null) => (id ? url.replaceAll('{id}', id) : url);

function planOf(
  kind: PushPayload['kind'],
  eventKind: NotificationKind,
  deps: NotifyDeps,
  table: InsertPart['table'],
  returning: InsertPart['returning'],
  rows: Record<string, unknown>[],
  items: DeliveryItem[],
): Plan {
  return {
    parts: [
      { table, rows, returning },
      { table: outbox, rows: deliveries(deps.config.publicUrl, kind, eventKind, items) },
    ],
    finish: (returned) => {
      const unread = new Map(returned.map((x) => [x.id as string, Number(x.unread)]));
      const events = items.map(({ row, r }) => ({
        id: row.id,
        coproprietaire_id: r.coproprietaire_id,
        user_id: r.user_id,
        total: unread.get(row.id),
      }));
      return {
        ids: items.map(({ row }) => row.id),
        recipients: events.map(({ id, coproprietaire_id, user_id }) => ({ id, coproprietaire_id, user_id })),
        afterCommit: async () =>
          kind === 'notification'
            ? emitNotificationEvents(deps, events, 'new')
            : emitMessageEvents(
                deps,
                events.map((e) => ({ ...e, coproprietaire_id: e.coproprietaire_id as string })),
                'new',
              ),
      };
    },
  };
}

/** The rows of a notification to these recipients and their deliveries (nothing written yet). */
export function planNotification(deps: NotifyDeps, recipients: Recipient[], input: NotificationInput): Plan {
  const now = new Date();
  const items = recipients.map((r) => {
    const row = {
      id: randomUUID(),
      user_id: r.coproprietaire_id ? null : r.user_id,
      coproprietaire_id: r.coproprietaire_id,
      category: input.category ?? 'all',
      type: input.type ?? 'INFO',
      sub_type: input.sub_type ?? 'CREATE',
      title: input.title,
      body: input.body,
      sender: input.sender ?? SYSTEM_SENDER,
      data: { ...(input.data ?? {}), ...(input.url ? { url: input.url } : {}) },
      event_action_date: input.event_action_date ?? now,
      created_date: now,
      send_id: input.sendId,
    };
    const url = input.url
      ? fill(input.url, r.coproprietaire_id)
      : r.coproprietaire_id
        ? `/${r.coproprietaire_id}/notifications?open=${row.id}`
        : `/notifications?open=${row.id}`;
    const noEmail = !!r.user_id && !!input.emailedUserIds?.includes(r.user_id);
    return { row, r, url, noEmail };
  });
  return planOf(
    'notification',
    notificationKindOf(input.type),
    deps,
    notifications,
    sql`"notifications"."id" as id, ${UNREAD_AFTER_NOTIFICATION} as unread`,
    items.map((i) => i.row),
    items,
  );
}

/** The rows of a syndic message to these recipients (records only) and their deliveries. */
export function planMessage(deps: NotifyDeps, recipients: Recipient[], input: MessageInput): Plan {
  const now = new Date();
  const items = recipients
    .filter((r) => r.coproprietaire_id)
    .map((r) => {
      const row = {
        id: randomUUID(),
        coproprietaire_id: r.coproprietaire_id as string,
        category: input.category ?? 'all',
        title: input.title,
        body: input.body,
        sender: input.sender ?? SYSTEM_SENDER,
        attachments: input.attachments ?? [],
        event_action_date: now,
        created_date: now,
        send_id: input.sendId,
      };
      return { row, r, url: `/${r.coproprietaire_id}/messages-communication?message=${row.id}` };
    });
  return planOf(
    'message',
    'messages',
    deps,
    messages,
    sql`"messages"."id" as id, ${UNREAD_AFTER_MESSAGE} as unread`,
    items.map((i) => i.row),
    items,
  );
}
