import type { MessageEvent, NotificationEvent } from '@tantieme/contract';
import type { Db } from '../../db/client.js';
import type { Realtime } from '../../realtime/index.js';
import { unreadOwn, unreadTotals } from './unread.repo.js';

type EmitDeps = { db: Db; realtime: Realtime };

const rooms = (coproprietaireId: string | null, userId: string | null) => [
  ...(userId ? [`user:${userId}`] : []),
  ...(coproprietaireId ? [`coproprietaire:${coproprietaireId}`] : []),
];

/** SPEC §4 realtime notification actions with the record's unread total (one count query per batch). */
export async function emitNotificationEvents(
  deps: EmitDeps,
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

/** SPEC §4 realtime message actions with the record's unread total. */
export async function emitMessageEvents(
  deps: EmitDeps,
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
