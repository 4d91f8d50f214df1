import { randomUUID } from 'node:crypto';
import type { MessageEvent, NotificationEvent, PushPayload } from '@tantieme/contract';
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Config } from '../../config.js';
import { type InsertPart, insertAtOnce } from '../../db/bulk.js';
import type { Db } from '../../db/client.js';
import {
  coproprietaireSettings,
  coproprietaires,
  coproprietes,
  devices,
  messages,
  notifications,
  outbox,
  type SenderJson,
  users,
} from '../../db/schema/index.js';
import type { Realtime } from '../../realtime/index.js';
import { unreadOwn, unreadTotals } from './notifications.repo.js';

/**
 * THE way every domain speaks to co-owners (documents, assemblies, chat, syndic API):
 * `notify` / `sendMessage` write the rows and their outbox entries (push per device, e-mail
 * where the record's settings ask) in one transaction, then emit the realtime events after
 * the commit. A caller already inside its own transaction uses `stageNotification` /
 * `stageMessage` with its `tx` and calls the returned `afterCommit()` once committed.
 */

export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
type Writer = Db | Tx;

/** Who receives it. A copropriété means every co-owner record of it. */
export type Audience =
  | { coproprietaireId: string }
  | { coproprietaireIds: string[] }
  | { coproprieteId: string }
  /** A notification to a user that is about none of their records. */
  | { userId: string };

export interface NotificationInput {
  title: string;
  body: string;
  /** What it is about: MESSAGE, CHAT, ASSEMBLEE, DOCUMENT, VERIFICATION, INFO… */
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

const ALLOW_KEY = 'allow-receive-notifications';

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

export interface Recipient {
  coproprietaire_id: string | null;
  user_id: string | null;
  email: string | null;
  /** The record's 'allow-receive-notifications' (default on, SPEC §9 / decision 24). */
  wantsEmail: boolean;
  /** The holder's registered push devices (status 1), read with the audience (one round trip). */
  deviceIds: string[];
}

/** Column names written out: drizzle leaves a one-table query's columns unqualified, which the subquery would misread. */
const devicesOfHolder = (userIdColumn: '"users"."id"' | '"coproprietaires"."user_id"') =>
  sql<
    string[] | null
  >`(select json_agg(d.id) from ${devices} d where d.user_id = ${sql.raw(userIdColumn)} and d.status = 1)`;

/**
 * The recipients of an audience with what delivery needs (e-mail, settings, devices), one read.
 * With `syndicId`, only records of that syndic's copropriétés are returned (the syndic API).
 */
export async function resolveAudience(
  db: Writer,
  audience: Audience,
  opts: { syndicId?: string } = {},
): Promise<Recipient[]> {
  if ('userId' in audience) {
    const [u] = await db
      .select({ email: users.email, devices: devicesOfHolder('"users"."id"') })
      .from(users)
      .where(eq(users.id, audience.userId));
    if (!u) return [];
    return [
      {
        coproprietaire_id: null,
        user_id: audience.userId,
        email: u.email,
        wantsEmail: true,
        deviceIds: u.devices ?? [],
      },
    ];
  }
  let where: SQL;
  if ('coproprietaireId' in audience) where = eq(coproprietaires.id, audience.coproprietaireId);
  else if ('coproprietaireIds' in audience) {
    if (audience.coproprietaireIds.length === 0) return [];
    where = inArray(coproprietaires.id, [...new Set(audience.coproprietaireIds)]);
  } else where = eq(coproprietaires.copropriete_id, audience.coproprieteId);
  if (opts.syndicId)
    where = and(
      where,
      sql`exists (select 1 from ${coproprietes} p where p.id = ${coproprietaires.copropriete_id} and p.syndic_id = ${opts.syndicId})`,
    ) as SQL;
  const rows = await db
    .select({
      coproprietaire_id: coproprietaires.id,
      user_id: coproprietaires.user_id,
      email: users.email,
      allow: coproprietaireSettings.value,
      devices: devicesOfHolder('"coproprietaires"."user_id"'),
    })
    .from(coproprietaires)
    .leftJoin(users, eq(users.id, coproprietaires.user_id))
    .leftJoin(
      coproprietaireSettings,
      and(
        eq(coproprietaireSettings.coproprietaire_id, coproprietaires.id),
        eq(coproprietaireSettings.key, ALLOW_KEY),
      ),
    )
    .where(where)
    .orderBy(coproprietaires.id);
  return rows.map((r) => ({
    coproprietaire_id: r.coproprietaire_id,
    user_id: r.user_id,
    email: r.email,
    wantsEmail: (r.allow ?? '1') === '1',
    deviceIds: r.user_id ? (r.devices ?? []) : [],
  }));
}

const fill = (url: string, id: string | null) => (id ? url.replaceAll('{id}', id) : url);

function emailText(title: string, body: string, link: string) {
  return `${title}\n\n${body}\n\nOuvrir dans Tantième : ${link}\n`;
}

/** The outbox rows of new rows: a push per registered device, an e-mail where the settings ask. */
function deliveries(
  deps: NotifyDeps,
  kind: PushPayload['kind'],
  items: { row: { id: string; title: string; body: string }; r: Recipient; url: string }[],
) {
  const values: (typeof outbox.$inferInsert)[] = [];
  for (const { row, r, url } of items) {
    if (!r.user_id) continue;
    const payload: PushPayload = {
      title: row.title,
      body: row.body,
      url,
      tag: `${kind}-${row.id}`,
      kind,
      id: row.id,
    };
    for (const deviceId of r.deviceIds) {
      values.push({
        channel: 'push',
        recipient: deviceId,
        body: JSON.stringify(payload),
        ref_id: row.id,
        meta: { kind },
      });
    }
    if (r.email && r.wantsEmail) {
      const link = `${deps.config.publicUrl}${url}`;
      values.push({
        channel: 'email',
        recipient: r.email,
        subject: kind === 'message' ? `Nouveau message : ${row.title}` : row.title,
        body: emailText(row.title, row.body, link),
        ref_id: row.id,
        meta: { kind },
      });
    }
  }
  return values;
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

const EMPTY: Staged = { ids: [], recipients: [], afterCommit: async () => {} };

function planOf(
  kind: PushPayload['kind'],
  deps: NotifyDeps,
  table: InsertPart['table'],
  returning: InsertPart['returning'],
  rows: Record<string, unknown>[],
  items: { row: { id: string; title: string; body: string }; r: Recipient; url: string }[],
): Plan {
  return {
    parts: [
      { table, rows, returning },
      { table: outbox, rows: deliveries(deps, kind, items) },
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
    return { row, r, url };
  });
  return planOf(
    'notification',
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
    deps,
    messages,
    sql`"messages"."id" as id, ${UNREAD_AFTER_MESSAGE} as unread`,
    items.map((i) => i.row),
    items,
  );
}

/** Writes a plan (one statement) and answers what it staged. */
export async function writePlan(tx: Writer, plan: Plan): Promise<Staged> {
  if (plan.parts[0].rows.length === 0) return EMPTY;
  const [returned] = await insertAtOnce(tx, plan.parts);
  return plan.finish(returned);
}

/** Writes the notifications and their deliveries inside `tx`; emit with `afterCommit()`. */
export async function stageNotification(
  tx: Writer,
  deps: NotifyDeps,
  audience: Audience,
  input: NotificationInput,
): Promise<Staged> {
  const recipients = await resolveAudience(tx, audience);
  return writePlan(tx, planNotification(deps, recipients, input));
}

/** Writes the messages (only to records) and their deliveries inside `tx`. */
export async function stageMessage(
  tx: Writer,
  deps: NotifyDeps,
  audience: Exclude<Audience, { userId: string }>,
  input: MessageInput,
): Promise<Staged> {
  const recipients = await resolveAudience(tx, audience);
  return writePlan(tx, planMessage(deps, recipients, input));
}

/** Creates notifications for the audience (own transaction), then emits them live. */
export async function notify(deps: NotifyDeps, audience: Audience, input: NotificationInput) {
  const staged = await deps.db.transaction((tx) => stageNotification(tx, deps, audience, input));
  await safeEmit(deps, staged);
  return { ids: staged.ids, recipients: staged.recipients };
}

/** Creates syndic messages for the audience (own transaction), then emits them live. */
export async function sendMessage(
  deps: NotifyDeps,
  audience: Exclude<Audience, { userId: string }>,
  input: MessageInput,
) {
  const staged = await deps.db.transaction((tx) => stageMessage(tx, deps, audience, input));
  await safeEmit(deps, staged);
  return { ids: staged.ids, recipients: staged.recipients };
}

/** A realtime failure must not fail what is already committed: clients re-fetch on reconnect. */
async function safeEmit(_deps: NotifyDeps, staged: Staged) {
  try {
    await staged.afterCommit();
  } catch {
    // Already stored and queued for push; the next fetch shows it.
  }
}

const rooms = (coproprietaireId: string | null, userId: string | null) => [
  ...(userId ? [`user:${userId}`] : []),
  ...(coproprietaireId ? [`coproprietaire:${coproprietaireId}`] : []),
];

/** SPEC §4 realtime notification actions with the record's unread total (one count query per batch). */
export async function emitNotificationEvents(
  deps: Pick<NotifyDeps, 'db' | 'realtime'>,
  items: {
    id: string | null;
    coproprietaire_id: string | null;
    user_id: string | null;
    /** The holder's unread total when already known (a new row's INSERT computed it). */
    total?: number;
  }[],
  action: NotificationEvent['notification_action'],
) {
  if (items.length === 0) return;
  const unknown = items.filter((i) => i.total === undefined);
  const totals = await unreadTotals(deps.db, [
    ...new Set(unknown.flatMap((i) => (i.coproprietaire_id ? [i.coproprietaire_id] : []))),
  ]);
  const ownUsers = [
    ...new Set(unknown.flatMap((i) => (!i.coproprietaire_id && i.user_id ? [i.user_id] : []))),
  ];
  const own = new Map(
    await Promise.all(ownUsers.map(async (u) => [u, await unreadOwn(deps.db, u)] as const)),
  );
  const at = new Date().toISOString();
  for (const i of items) {
    const payload: NotificationEvent = {
      notification_action: action,
      notification_action_time: at,
      notification_id: i.id,
      coproprietaire_id: i.coproprietaire_id,
      total_notification:
        i.total ??
        (i.coproprietaire_id ? (totals.get(i.coproprietaire_id)?.n ?? 0) : (own.get(i.user_id ?? '') ?? 0)),
    };
    deps.realtime.toRooms(rooms(i.coproprietaire_id, i.user_id), 'notification', payload);
  }
}

export async function emitMessageEvents(
  deps: Pick<NotifyDeps, 'db' | 'realtime'>,
  items: { id: string | null; coproprietaire_id: string; user_id: string | null; total?: number }[],
  action: MessageEvent['message_action'],
) {
  if (items.length === 0) return;
  const totals = await unreadTotals(deps.db, [
    ...new Set(items.filter((i) => i.total === undefined).map((i) => i.coproprietaire_id)),
  ]);
  const at = new Date().toISOString();
  for (const i of items) {
    const payload: MessageEvent = {
      message_action: action,
      message_action_time: at,
      message_id: i.id,
      coproprietaire_id: i.coproprietaire_id,
      total_message: i.total ?? totals.get(i.coproprietaire_id)?.m ?? 0,
    };
    deps.realtime.toRooms(rooms(i.coproprietaire_id, i.user_id), 'message', payload);
  }
}
