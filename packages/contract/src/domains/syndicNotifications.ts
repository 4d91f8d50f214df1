import { z } from 'zod';
import { okEnvelope } from '../envelope.js';
import { BULK_MAX_ITEMS, defineSyndicEndpoint, externalIdField, externalIdParams } from './syndicApi.js';

/**
 * Notifications and messages the syndic's software sends through the syndic API, to one co-owner,
 * a list or a whole copropriété, and the state of their delivery.
 */

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
