import { z } from 'zod';
import {
  DEFAULT_NOTIFICATION_CATEGORY,
  DEVICE_STATUS,
  DEVICE_TYPE,
  MESSAGES_FIRST_PAGE_SIZE,
  NOTIFICATION_DEFAULT_LANGUAGE,
  NOTIFICATIONS_PAGE_SIZE,
} from '../constants.js';
import { defineEndpoint } from '../endpoint.js';
import { okEnvelope } from '../envelope.js';
import { uuidParam } from '../fields.js';
import { BULK_MAX_ITEMS, defineSyndicEndpoint, externalIdField, externalIdParams } from './syndicApi.js';

const TAGS = ['notifications'];

/** '1' / 'true' mean true, anything else false (SPEC §7 un_read_only). */
const flagQuery = z
  .union([z.boolean(), z.enum(['1', '0', 'true', 'false'])])
  .optional()
  .transform((v) => v === true || v === '1' || v === 'true');

const category = z
  .string()
  .trim()
  .min(1)
  .max(50)
  .regex(/^[A-Za-z0-9_-]+$/, { error: 'Catégorie invalide' })
  .default(DEFAULT_NOTIFICATION_CATEGORY);

/** page_index is the offset already loaded (SPEC §9: the next offset grows by the page size). */
const paging = (defaultSize: number) => ({
  page_size: z.coerce.number().int().min(1).max(100).default(defaultSize),
  page_index: z.coerce.number().int().min(0).max(1_000_000).default(0),
  un_read_only: flagQuery,
  category,
});

export const senderSchema = z.object({
  id: z.string().nullable(),
  name: z.string(),
  avatar: z.string().nullable(),
  type: z.string(),
});
export type Sender = z.infer<typeof senderSchema>;

/** SPEC §3 Notification. `languages.fr` carries title and body; only fr is used. */
export const notificationSchema = z.object({
  id: z.string(),
  created_date: z.string(),
  is_read: z.boolean(),
  event_action_date: z.string().nullable(),
  languages: z.record(z.string(), z.object({ title: z.string(), body: z.string() })),
  title: z.string(),
  body: z.string(),
  sender: senderSchema,
  sub_type: z.string(),
  coproprietaire_id: z.string().nullable(),
  category: z.string(),
  status: z.string(),
  type: z.string(),
  /** Where a click leads inside the app (e.g. `/{id}/assemblee/{agId}`), when the sender gave one. */
  url: z.string().nullable(),
  data: z.object({ is_event_sending: z.boolean(), coproprietaire_id: z.string().nullable() }),
});
export type Notification = z.infer<typeof notificationSchema>;

export const attachmentSchema = z.object({
  id: z.string(),
  name: z.string(),
  content_type: z.string(),
  capacity: z.number().int(),
  /** A signed URL of the file (opens in the file preview). */
  path_url: z.string(),
});

/** SPEC §3 Message. */
export const messageSchema = z.object({
  id: z.string(),
  coproprietaire_id: z.string(),
  created_date: z.string(),
  is_read: z.boolean(),
  event_action_date: z.string().nullable(),
  title: z.string(),
  body: z.string(),
  sender: senderSchema,
  attachments: z.array(attachmentSchema),
  sub_type: z.string(),
  status: z.string(),
});
export type Message = z.infer<typeof messageSchema>;

const pageOf = <T extends z.ZodType>(item: T) => z.object({ total: z.number().int(), data: z.array(item) });

/** SPEC §3 Unread count: entries {category, totalUnread}; 'all' is the one used. */
export const unreadCountSchema = z.array(z.object({ category: z.string(), totalUnread: z.number().int() }));

/** The push subscription (JSON of PushSubscription) is the device token. */
export const deviceTokenField = z
  .string()
  .trim()
  .min(10, { error: 'Jeton invalide' })
  .max(2000, { error: 'Jeton invalide' })
  .refine(
    (v) => {
      try {
        const s = JSON.parse(v) as { endpoint?: unknown; keys?: { p256dh?: unknown; auth?: unknown } };
        return (
          typeof s.endpoint === 'string' &&
          /^https?:\/\//.test(s.endpoint) &&
          typeof s.keys?.p256dh === 'string' &&
          typeof s.keys?.auth === 'string'
        );
      } catch {
        return false;
      }
    },
    { error: 'Jeton invalide' },
  );

/** SPEC §3 Device registration. */
export const deviceRegistrationBody = z.object({
  device_token: deviceTokenField,
  device_name: z.string().trim().max(200).optional(),
  device_type: z.literal(DEVICE_TYPE).default(DEVICE_TYPE),
  device_language: z.string().trim().min(2).max(10).default(NOTIFICATION_DEFAULT_LANGUAGE),
  device_info: z
    .object({ name: z.string().max(200), user_agent: z.string().max(1000) })
    .partial()
    .optional(),
  device_gmt: z.number().min(-14).max(14).optional(),
  status: z.literal(DEVICE_STATUS).default(DEVICE_STATUS),
});

const notifId = z.object({ id: uuidParam });
const recordId = z.object({ id: uuidParam });

export const notificationEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/coproprietaires/notifications',
    summary: 'Notifications of the user (all records, or one), newest first',
    tags: TAGS,
    query: z.object({ ...paging(NOTIFICATIONS_PAGE_SIZE), coproprietaire_id: uuidParam.optional() }),
    response: okEnvelope(pageOf(notificationSchema)),
  }),
  unreadCount: defineEndpoint({
    method: 'GET',
    path: '/coproprietaires/notifications/unread-count',
    summary: 'Unread notifications (all records, or one)',
    tags: TAGS,
    query: z.object({ coproprietaire_id: uuidParam.optional(), category }),
    response: okEnvelope(unreadCountSchema),
  }),
  readAll: defineEndpoint({
    method: 'PUT',
    path: '/coproprietaires/notifications/read-all',
    summary: 'Marks every notification read (all records, or one)',
    tags: TAGS,
    body: z.object({ coproprietaire_id: uuidParam.optional() }).nullish(),
    response: okEnvelope(z.object({ updated: z.number().int() })),
  }),
  registerDevice: defineEndpoint({
    method: 'POST',
    path: '/coproprietaires/notifications/device-tokens',
    summary: 'Registers this browser for Web Push',
    tags: TAGS,
    body: deviceRegistrationBody,
    response: okEnvelope(z.object({ device_token: z.string() })),
  }),
  deleteDevice: defineEndpoint({
    method: 'DELETE',
    path: '/coproprietaires/notifications/device-tokens/:token',
    summary: 'Forgets a Web Push registration (logout)',
    tags: TAGS,
    params: z.object({ token: z.string().min(1).max(2000) }),
    response: okEnvelope(z.object({ deleted: z.boolean() })),
  }),
  vapidKey: defineEndpoint({
    method: 'GET',
    path: '/coproprietaires/notifications/vapid-public-key',
    summary: 'Public VAPID key the browser subscribes with',
    tags: TAGS,
    response: okEnvelope(z.object({ public_key: z.string() })),
  }),
  detail: defineEndpoint({
    method: 'GET',
    path: '/coproprietaires/notifications/:id',
    summary: 'One notification',
    tags: TAGS,
    params: notifId,
    response: okEnvelope(notificationSchema),
  }),
  remove: defineEndpoint({
    method: 'DELETE',
    path: '/coproprietaires/notifications/:id',
    summary: 'Deletes one notification',
    tags: TAGS,
    params: notifId,
    response: okEnvelope(z.object({ deleted: z.boolean() })),
  }),
  read: defineEndpoint({
    method: 'PUT',
    path: '/coproprietaires/notifications/:id/read',
    summary: 'Marks one notification read',
    tags: TAGS,
    params: notifId,
    response: okEnvelope(notificationSchema),
  }),
};

export const messageEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/coproprietaires/:id/get-messages',
    summary: 'Messages of a co-owner record, newest first',
    tags: TAGS,
    params: recordId,
    query: z.object(paging(MESSAGES_FIRST_PAGE_SIZE)),
    response: okEnvelope(pageOf(messageSchema)),
  }),
  detail: defineEndpoint({
    method: 'GET',
    path: '/coproprietaires/:id/get-message/:msgId',
    summary: 'One message with its attachments',
    tags: TAGS,
    params: z.object({ id: uuidParam, msgId: uuidParam }),
    response: okEnvelope(messageSchema),
  }),
  read: defineEndpoint({
    method: 'PUT',
    path: '/coproprietaires/:coproId/messages/:msgId/read',
    summary: 'Marks one message read (coproId is the co-owner record)',
    tags: TAGS,
    params: z.object({ coproId: uuidParam, msgId: uuidParam }),
    response: okEnvelope(messageSchema),
  }),
  readAll: defineEndpoint({
    method: 'PUT',
    path: '/coproprietaires/:id/messages/read-all',
    summary: 'Marks every message of the record read',
    tags: TAGS,
    params: recordId,
    response: okEnvelope(z.object({ updated: z.number().int() })),
  }),
  unreadCount: defineEndpoint({
    method: 'GET',
    path: '/coproprietaires/:id/messages/unread-count',
    summary: 'Unread messages of the record',
    tags: TAGS,
    params: recordId,
    query: z.object({ category }),
    response: okEnvelope(unreadCountSchema),
  }),
};

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

// ---------------------------------------------------------------- syndic API (issue: send through the API)

const recipientsSchema = z
  .object({
    coproprietaire: externalIdField.optional(),
    coproprietaires: z.array(externalIdField).min(1).max(BULK_MAX_ITEMS).optional(),
    copropriete: externalIdField.optional(),
  })
  .refine(
    (v) => [v.coproprietaire, v.coproprietaires, v.copropriete].filter((x) => x !== undefined).length === 1,
    {
      error: 'Indiquez exactement un destinataire : coproprietaire, coproprietaires ou copropriete.',
    },
  );

const sendText = {
  title: z
    .string()
    .trim()
    .min(1, { error: 'Le titre est requis.' })
    .max(200, { error: 'Le titre fait au plus 200 caractères.' }),
  body: z
    .string()
    .trim()
    .min(1, { error: 'Le texte est requis.' })
    .max(5000, { error: 'Le texte fait au plus 5000 caractères.' }),
  to: recipientsSchema,
};

export const syndicNotificationBody = z.object({
  ...sendText,
  type: z
    .string()
    .regex(/^[A-Z_]{1,30}$/, { error: 'Type invalide (lettres majuscules et _).' })
    .optional(),
  /** A path of the app a click opens; `{id}` is the co-owner record. */
  url: z
    .string()
    .max(300)
    .regex(/^\/[A-Za-z0-9/_.?=&{}-]*$/, { error: "Chemin de l'application invalide." })
    .optional(),
});

export const syndicAttachmentInput = z.object({
  name: z.string().trim().min(1).max(200),
  content_type: z.string().trim().min(3).max(100),
  /** The file, base64; 5 MB at most each. */
  content_base64: z
    .string()
    .min(1)
    .max(7_000_000, { error: 'Pièce jointe trop volumineuse (5 Mo au plus).' })
    .regex(/^[A-Za-z0-9+/=\s]+$/, { error: 'Contenu base64 invalide.' }),
});

export const syndicMessageBody = z.object({
  ...sendText,
  attachments: z.array(syndicAttachmentInput).max(5).optional(),
});

export const deliveryRecipient = z.object({
  coproprietaire: z.string().nullable(),
  id: z.string(),
  stored: z.boolean(),
  pushed: z.boolean(),
  emailed: z.boolean(),
  read: z.boolean(),
});

export const deliveryState = z.object({
  external_id: z.string(),
  kind: z.enum(['notification', 'message']),
  created_at: z.string(),
  totals: z.object({
    recipients: z.number().int(),
    stored: z.number().int(),
    pushed: z.number().int(),
    emailed: z.number().int(),
    read: z.number().int(),
  }),
  recipients: z.array(deliveryRecipient),
});
export type DeliveryState = z.infer<typeof deliveryState>;

const sendResponse = okEnvelope(
  z.object({ result: z.enum(['created', 'unchanged']), delivery: deliveryState }),
);

export const syndicNotificationEndpoints = {
  sendNotification: defineSyndicEndpoint({
    method: 'PUT',
    path: '/syndic/v1/notifications/:external_id',
    scope: 'write',
    summary: 'Sends a notification to one co-owner, a list, or every co-owner of a copropriété (idempotent)',
    params: externalIdParams,
    body: syndicNotificationBody,
    response: sendResponse,
  }),
  notificationDelivery: defineSyndicEndpoint({
    method: 'GET',
    path: '/syndic/v1/notifications/:external_id',
    scope: 'read',
    summary: 'Delivery state of a notification send (stored, pushed, e-mailed, read)',
    params: externalIdParams,
    response: okEnvelope(deliveryState),
  }),
  sendMessage: defineSyndicEndpoint({
    method: 'PUT',
    path: '/syndic/v1/messages/:external_id',
    scope: 'write',
    summary: 'Sends a message (with attachments) to one co-owner, a list, or a copropriété (idempotent)',
    params: externalIdParams,
    body: syndicMessageBody,
    response: sendResponse,
  }),
  messageDelivery: defineSyndicEndpoint({
    method: 'GET',
    path: '/syndic/v1/messages/:external_id',
    scope: 'read',
    summary: 'Delivery state of a message send (stored, pushed, e-mailed, read)',
    params: externalIdParams,
    response: okEnvelope(deliveryState),
  }),
};
