import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { okEnvelope } from '../envelope.js';
import { idField, requiredString } from '../fields.js';
import { coproParams } from './console.js';
import { NOTICE_AUDIENCES } from './syndicNotices.js';

/**
 * A building's notices (avis) in the console: the list with who has read each, one notice's
 * receipts, the preview and the send, through the syndic API's notice service (decision 222).
 */

const audience = z.enum(NOTICE_AUDIENCES, { error: 'Choisissez les destinataires.' });

export const consoleNoticeSummary = z.object({
  id: z.string(),
  subject: z.string(),
  /** « Tout l'immeuble », « Clé Bâtiment B », « 3 copropriétaires ». */
  audience_label: z.string(),
  sent_by: z.string(),
  created_date: z.string(),
  recipients_count: z.number().int(),
  read_count: z.number().int(),
});
export type ConsoleNoticeSummary = z.output<typeof consoleNoticeSummary>;

export const consoleNoticeRecipient = z.object({
  coproprietaire_id: z.string(),
  name: z.string(),
  /** The lots' numbers, « 3, 12 ». */
  lots: z.string(),
  read_at: z.string().nullable(),
});

export const consoleNoticeDetail = consoleNoticeSummary.extend({
  /** Sanitised. */
  html_body: z.string(),
  recipients: z.array(consoleNoticeRecipient),
});
export type ConsoleNoticeDetail = z.output<typeof consoleNoticeDetail>;

export const consoleNoticesPage = z.object({
  items: z.array(consoleNoticeSummary),
  /** What the form addresses: the building's keys and its co-owners still in it. */
  repartitions: z.array(z.object({ id: z.string(), code: z.string(), name: z.string() })),
  coproprietaires: z.array(z.object({ id: z.string(), name: z.string(), lots: z.string() })),
});

export const consoleNoticeBody = z.object({
  subject: requiredString.max(200, { error: '200 caractères au plus.' }),
  /** Plain text: paragraphs split on blank lines, made HTML by the server. */
  text: requiredString.max(20_000, { error: '20 000 caractères au plus.' }),
  audience,
  repartition_id: idField.nullable().default(null),
  coproprietaire_ids: z.array(idField).max(5000).default([]),
});
export type ConsoleNoticeBody = z.input<typeof consoleNoticeBody>;

export const consoleNoticePreview = z.object({
  subject: z.string(),
  html_body: z.string(),
  audience_label: z.string(),
  recipients: z.array(z.object({ coproprietaire_id: z.string(), name: z.string() })),
});
export type ConsoleNoticePreview = z.output<typeof consoleNoticePreview>;

const oneParams = coproParams.extend({ noticeId: idField });

export const consoleNoticeEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/gestion/coproprietes/:coproId/communications',
    summary: "The building's notices with their read counts, and what the form may address",
    tags: ['gestion'],
    params: coproParams,
    response: okEnvelope(consoleNoticesPage),
  }),
  get: defineEndpoint({
    method: 'GET',
    path: '/gestion/coproprietes/:coproId/communications/:noticeId',
    summary: 'One notice: who has read it and when, who has not',
    tags: ['gestion'],
    params: oneParams,
    response: okEnvelope(consoleNoticeDetail),
  }),
  preview: defineEndpoint({
    method: 'POST',
    path: '/gestion/coproprietes/:coproId/communications/apercu',
    summary: 'The notice as the co-owners will read it, and its recipients; nothing is sent',
    tags: ['gestion'],
    params: coproParams,
    body: consoleNoticeBody,
    response: okEnvelope(consoleNoticePreview),
  }),
  send: defineEndpoint({
    method: 'POST',
    path: '/gestion/coproprietes/:coproId/communications',
    summary: 'Send a notice through the syndic API service (same rows, audit line, webhook, notices)',
    tags: ['gestion'],
    params: coproParams,
    body: consoleNoticeBody,
    response: okEnvelope(consoleNoticeDetail),
  }),
};
