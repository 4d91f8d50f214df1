/**
 * What the notifications and messages panels and the socket share (SPEC §3, §8, §9): the realtime
 * events and their payloads, the Web Push payload, the panels' texts and how their pages load.
 */

/** Socket.IO events and rooms (SPEC §3 Realtime info per user and co-owner). */
export const REALTIME_EVENTS = {
  notification: 'notification',
  message: 'message',
  joinCoproprietaire: 'join-coproprietaire',
  leaveCoproprietaire: 'leave-coproprietaire',
} as const;

export type NotificationAction = 'new' | 'read' | 'delete' | 'read_all';
export type MessageAction = 'new' | 'read' | 'read_all';

/** Payload of the 'notification' event (SPEC §3 latest_notification + totals). */
export interface NotificationEvent {
  notification_action: NotificationAction;
  notification_action_time: string;
  notification_id: string | null;
  coproprietaire_id: string | null;
  /** Unread notifications of that record (or of the user's own ones when no record). */
  total_notification: number;
}

/** Payload of the 'message' event (SPEC §3 message event + totals). */
export interface MessageEvent {
  message_action: MessageAction;
  message_action_time: string;
  message_id: string | null;
  coproprietaire_id: string;
  total_message: number;
}

/** What a Web Push carries (the service worker shows it; a click opens `url`). */
export interface PushPayload {
  title: string;
  body: string;
  url: string;
  tag: string;
  kind: 'notification' | 'message';
  id: string;
}

/** SPEC §8 and §2.21 texts of the notifications and messages panels. */
export const notificationTexts = {
  notificationsTitle: 'Notifications',
  messagesTitle: 'Messages',
  onlyUnread: 'Afficher non lu',
  markAllRead: 'Marquer comme lu tout',
  markAllConfirm: 'Voulez-vous marquer toutes les notifications comme lues ?',
  markAllMessagesConfirm: 'Voulez-vous marquer tous les messages comme lus ?',
  today: "Aujourd'hui",
  yesterday: 'Hier',
  older: 'Plus âgée',
  empty: "Vous n'avez aucune notifications",
  emptyUnread: "Vous n'avez aucune notification non lue!",
  emptyMessages: "Vous n'avez pas de message",
  details: 'Détails des notifications',
  delete: 'Supprimée ce Groupe',
  blocked: 'Oops... Vous avez bloqué les notifications!',
  blockedHelp: 'Comment réactiver les notifications',
  permissionTitle: 'Autorisation le navigateur',
  permissionBody:
    "Souhaitez-vous recevoir les notifications de Tantième sur cet appareil, même lorsque l'onglet est fermé ?",
  permissionNotice: 'Votre navigateur vous demandera ensuite de confirmer ce choix.',
  permissionAllow: 'Autoriser',
  permissionLater: 'Plus tard',
  attachments: 'Pièces jointes',
  loading: 'Chargement…',
  seeAll: 'Voir tout',
} as const;

/** SPEC §9: after the page at `offset`, the next offset grows by the page size; none once it reaches the total. */
export function nextOffset(offset: number, pageSize: number, total: number): number | null {
  const next = offset + pageSize;
  return next < total ? next : null;
}

/**
 * SPEC §9 message list: load more stops when the index reaches the (unread) count or the count is 0.
 * `loaded` is how many rows are shown; `count` the total of the current filter.
 */
export function hasMore(loaded: number, count: number): boolean {
  return count > 0 && loaded < count;
}

export type DayGroup = 'today' | 'yesterday' | 'older';

/** Groups Aujourd'hui / Hier / Plus âgée by creation date, in the viewer's time zone. */
export function dayGroup(createdIso: string, now: Date = new Date()): DayGroup {
  const d = new Date(createdIso);
  const startToday = new Date(now.getFullYear(), now.getMonth(), now.getDate()).getTime();
  if (d.getTime() >= startToday) return 'today';
  if (d.getTime() >= startToday - 86_400_000) return 'yesterday';
  return 'older';
}

/** Merges a page into a list: replaces at offset 0, otherwise appends, de-duplicated by id (SPEC §4). */
export function mergePage<T extends { id: string }>(current: T[], page: T[], offset: number): T[] {
  const base = offset === 0 ? [] : current;
  const seen = new Set(base.map((x) => x.id));
  const out = [...base];
  for (const item of page) {
    if (seen.has(item.id)) continue;
    seen.add(item.id);
    out.push(item);
  }
  return out;
}
