import { z } from 'zod';
import { syndicFileField, syndicOptText, syndicStoredFile } from './syndicDocumentFields.js';
import { externalIdField } from './syndicApi.js';

/** Letters, e-mails and SMS the syndic's software records as sent to a co-owner (decision 52). */

const optText = syndicOptText;
const instant = z.iso.datetime({
  offset: true,
  error: 'Date et heure attendues au format ISO 8601 avec fuseau (2026-06-15T18:00:00+02:00).',
});

export const COMMUNICATION_MODULES = [
  'courrier',
  'adf',
  'global_adf',
  'relance',
  'proces_verbal',
  'convocation',
  'invitation',
] as const;

const recipientInfo = z.object({
  sending_address: z
    .object({
      address_1: z.string().trim().max(300).optional(),
      address_4: z.string().trim().max(300).optional(),
      zip_code: z.string().trim().max(20).optional(),
      city: z.string().trim().max(100).optional(),
      country: z.string().trim().max(60).optional(),
    })
    .optional(),
  name: z.string().trim().max(200).optional(),
  to_addresses: z
    .array(
      z
        .string()
        .trim()
        .max(254)
        .regex(/^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/, { error: "Mauvaise syntaxe d'e-mail." }),
    )
    .max(50)
    .optional(),
  sending_phone: z
    .array(
      z
        .string()
        .trim()
        .regex(/^\+[1-9]\d{6,14}$/, { error: 'Numéro au format E.164 attendu (+33…).' }),
    )
    .max(20)
    .optional(),
});

export const syndicCommunicationBody = z
  .object({
    coproprietaire: externalIdField,
    sending_method: z.enum(['postal', 'email', 'sms'], { error: "'postal', 'email' ou 'sms'." }),
    module: z.enum(COMMUNICATION_MODULES, { error: `Module attendu : ${COMMUNICATION_MODULES.join(', ')}.` }),
    recipient_info: recipientInfo.default({}),
    subject: optText(500),
    /** E-mail body; sanitised by the server before any co-owner sees it. */
    html_body: optText(200_000),
    /** SMS text, or a letter's summary. */
    content: optText(20_000),
    /** When it was sent (the list's date). */
    created_date: instant,
    /** When the provider executed it ('Envoyer succes' on the SMS page). */
    internal_executed_date: instant.nullable().default(null),
    attachments: z.array(syndicFileField).max(10).default([]),
  })
  .superRefine((v, ctx) => {
    const need = (ok: boolean, path: (string | number)[], message: string) => {
      if (!ok) ctx.addIssue({ code: 'custom', path, message });
    };
    if (v.sending_method === 'email') {
      need(
        !!v.recipient_info.to_addresses?.length,
        ['recipient_info', 'to_addresses'],
        'Au moins un destinataire.',
      );
      need(!!v.subject, ['subject'], 'Ce champ est requis.');
    }
    if (v.sending_method === 'sms') {
      need(
        !!v.recipient_info.sending_phone?.length,
        ['recipient_info', 'sending_phone'],
        'Au moins un numéro.',
      );
      need(!!v.content, ['content'], 'Ce champ est requis.');
    }
    if (v.sending_method === 'postal')
      need(!!v.recipient_info.sending_address, ['recipient_info', 'sending_address'], 'Ce champ est requis.');
  });
export type SyndicCommunicationBody = z.output<typeof syndicCommunicationBody>;
export const syndicCommunicationResource = z.object({
  id: z.string(),
  external_id: z.string(),
  coproprietaire: z.string(),
  sending_method: z.enum(['postal', 'email', 'sms']),
  module: z.string(),
  recipient_info: recipientInfo,
  subject: z.string().nullable(),
  html_body: z.string().nullable(),
  content: z.string().nullable(),
  created_date: z.string(),
  internal_executed_date: z.string().nullable(),
  attachments: z.array(syndicStoredFile),
});
