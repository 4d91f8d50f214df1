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
