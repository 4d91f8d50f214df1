import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { okEnvelope } from '../envelope.js';
import { idField } from '../fields.js';
import { NOTIFICATION_CHANNELS, NOTIFICATION_KINDS } from '../rules/notificationPreferences.js';

export const notificationKindSchema = z.enum(NOTIFICATION_KINDS, { error: 'Type de notification inconnu' });
export const notificationChannelSchema = z.enum(NOTIFICATION_CHANNELS, { error: 'Canal inconnu' });

const channelChoiceSchema = z.object({ email: z.boolean(), sms: z.boolean(), push: z.boolean() });

/** A record's matrix, defaults applied, with what the channels can reach today. */
export const notificationPreferencesSchema = z.object({
  matrix: z.object(
    Object.fromEntries(NOTIFICATION_KINDS.map((k) => [k, channelChoiceSchema])) as Record<
      (typeof NOTIFICATION_KINDS)[number],
      typeof channelChoiceSchema
    >,
  ),
  /** 'allow-receive-notifications': off, nothing leaves the app whatever the matrix says. */
  allow: z.boolean(),
  /** A phone to send SMS to (the account's or the contact's). */
  has_phone: z.boolean(),
  /** A contact e-mail (fund calls by e-mail need one). */
  has_contact_email: z.boolean(),
});
export type NotificationPreferences = z.infer<typeof notificationPreferencesSchema>;

export const notificationPreferencesUpdateBody = z.object({
  changes: z
    .array(
      z.object({ kind: notificationKindSchema, channel: notificationChannelSchema, enabled: z.boolean() }),
    )
    .min(1)
    .max(NOTIFICATION_KINDS.length * NOTIFICATION_CHANNELS.length),
});
export type NotificationPreferencesUpdate = z.infer<typeof notificationPreferencesUpdateBody>;

export const notificationPreferenceEndpoints = {
  get: defineEndpoint({
    method: 'GET',
    path: '/coproprietaires/:id/notification-preferences',
    summary: "A co-owner record's notification preferences per kind of event and channel",
    tags: ['coproprietaires'],
    params: z.object({ id: idField }),
    response: okEnvelope(notificationPreferencesSchema),
  }),
  put: defineEndpoint({
    method: 'PUT',
    path: '/coproprietaires/:coproprieteId/coproprietaires/:coproprietaireId/notification-preferences',
    summary: "Changes some cells of a co-owner record's notification preferences",
    tags: ['coproprietaires'],
    params: z.object({ coproprieteId: idField, coproprietaireId: idField }),
    body: notificationPreferencesUpdateBody,
    response: okEnvelope(notificationPreferencesSchema),
  }),
};
