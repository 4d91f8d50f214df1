import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { okEnvelope } from '../envelope.js';
import { idField, requiredString } from '../fields.js';
import { DECISION_TYPE_CODES } from '../rules/decisionTypes.js';
import { UPLOAD_MAX_BYTES, UPLOAD_TYPES } from '../rules/files.js';
import { RESOLUTION_ARTICLES } from '../rules/tally.js';
import { publishResult } from './syndicAssemblees.js';

/**
 * A building's assemblies in the console, before the meeting: the agenda built from the catalogue of
 * decisions (rules/decisionTypes.ts proposes the article and the key; another choice needs a reason,
 * recorded), each co-owner's convocation and channel previewed (loi art. 42-1), the publication
 * refused inside the 21 days (décret 1967 art. 9 and 64) naming who would be late. The same services
 * as the syndic API's assemblies.
 */

const optional = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { error: `${max} caractères au plus.` })
    .transform((v) => v || null)
    .nullable()
    .default(null);

export const consoleResolutionBody = z.object({
  /** What it decides, from the catalogue; null: a question the catalogue does not name. */
  nature: z.enum(DECISION_TYPE_CODES).nullable().default(null),
  title: requiredString.max(500, { error: '500 caractères au plus.' }),
  content: optional(50_000),
  article: z.enum(RESOLUTION_ARTICLES, { error: 'Choisissez la majorité.' }),
  /** The key whose tantièmes vote; null: the charges générales key. */
  repartition_id: idField.nullable().default(null),
  /** Why the article or the key departs from the catalogue's proposal. */
  article_reason: optional(2000),
  /** A question for information, without a vote. */
  no_vote: z.boolean().default(false),
});

export const consoleAssembleeBody = z.object({
  name: requiredString.max(200, { error: '200 caractères au plus.' }),
  type: z.enum(['ORDINAIRE', 'EXTRAORDINAIRE']).default('ORDINAIRE'),
  /** The meeting's date and time. */
  date: z.iso.datetime({ offset: true, error: 'Date et heure de la réunion attendues.' }),
  visio_url: z
    .string()
    .trim()
    .max(2000)
    .regex(/^https:\/\/\S+$/, { error: 'Lien https:// attendu.' })
    .nullable()
    .default(null),
  resolutions: z.array(consoleResolutionBody).max(300).default([]),
});
export type ConsoleAssembleeBody = z.output<typeof consoleAssembleeBody>;

export const consoleAssembleeSummary = z.object({
  id: z.string(),
  name: z.string(),
  type: z.enum(['ORDINAIRE', 'EXTRAORDINAIRE']),
  date: z.string(),
  published_at: z.string().nullable(),
  /** null: not started; 1: in session; 2: closed. */
  status_session: z.number().int().nullable(),
  resolutions: z.number().int(),
  participants: z.number().int(),
});

/** A key of the building; kind 'generales' is the charges générales key. */
const buildingKey = z.object({ id: z.string(), code: z.string(), name: z.string(), kind: z.string() });

export const consoleResolution = z.object({
  id: z.string(),
  number: z.number().int(),
  nature: z.enum(DECISION_TYPE_CODES).nullable(),
  title: z.string(),
  content: z.string().nullable(),
  article: z.enum(RESOLUTION_ARTICLES),
  repartition_id: z.string().nullable(),
  article_reason: z.string().nullable(),
  no_vote: z.boolean(),
  /** Its attachments (quotes, contracts), sent with the convocation (décret 1967 art. 11). */
  files: z.array(z.object({ id: z.string(), name: z.string() })).default([]),
});

/** An attachment of a resolution, sent as base64 (10 Mo at most, the upload allow-list). */
export const resolutionAttachmentBody = z.object({
  name: requiredString.max(200, { error: '200 caractères au plus.' }),
  content_type: z.string().refine((t) => t in UPLOAD_TYPES, { error: 'Type de fichier non autorisé.' }),
  content_base64: z
    .string()
    .min(1, { error: 'Contenu attendu.' })
    .max(Math.ceil((UPLOAD_MAX_BYTES * 4) / 3) + 8, { error: 'Le fichier est trop volumineux.' })
    .regex(/^[A-Za-z0-9+/]+={0,2}$/, { error: 'Contenu base64 attendu.' }),
});
export type ResolutionAttachmentBody = z.output<typeof resolutionAttachmentBody>;

export const consoleAssemblee = consoleAssembleeSummary.extend({
  visio_url: z.string().nullable(),
  /** End of the vote by correspondence (décret 1967 art. 9 bis). */
  valid_to: z.string().nullable(),
  general_repartition_id: z.string(),
  repartitions: z.array(buildingKey),
  resolutions_detail: z.array(consoleResolution),
});
export type ConsoleAssemblee = z.output<typeof consoleAssemblee>;

/** One co-owner's convocation as it would leave now. */
export const convocationPreviewRow = z.object({
  coproprietaire: z.object({ id: z.string(), name: z.string() }),
  /** lre: lettre recommandée électronique; postal: lettre recommandée avec avis de réception. */
  channel: z.enum(['lre', 'postal']),
  reason: z.enum(['electronic', 'postal_request', 'no_email']),
  email: z.string().nullable(),
  postal_request_received_at: z.string().nullable(),
  /** Foreseen first presentation (the LRE at once, the post the next working day). */
  first_presentation: z.string(),
  /** The earliest meeting day the 21 days allow (YYYY-MM-DD, Paris). */
  earliest_meeting: z.string(),
  late: z.boolean(),
  /** Already convened (publication made). */
  sent: z.boolean(),
  subject: z.string(),
  content: z.string(),
});

export const convocationPreview = z.object({
  convocations: z.array(convocationPreviewRow),
  late: z.number().int(),
});

const agParams = z.object({ coproId: idField, assembleeId: idField });

export const consoleAssembleeEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/gestion/coproprietes/:coproId/assemblees',
    summary: "A building's general assemblies, the next first",
    tags: ['gestion'],
    params: z.object({ coproId: idField }),
    response: okEnvelope(
      z.object({ assemblees: z.array(consoleAssembleeSummary), repartitions: z.array(buildingKey) }),
    ),
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/gestion/coproprietes/:coproId/assemblees',
    summary: 'Prepare an assembly: its date and agenda; the co-owners of the building are its participants',
    tags: ['gestion'],
    params: z.object({ coproId: idField }),
    body: consoleAssembleeBody,
    response: okEnvelope(consoleAssemblee),
  }),
  get: defineEndpoint({
    method: 'GET',
    path: '/gestion/coproprietes/:coproId/assemblees/:assembleeId',
    summary: 'An assembly with its agenda',
    tags: ['gestion'],
    params: agParams,
    response: okEnvelope(consoleAssemblee),
  }),
  update: defineEndpoint({
    method: 'PUT',
    path: '/gestion/coproprietes/:coproId/assemblees/:assembleeId',
    summary: 'Change an assembly not convened yet',
    tags: ['gestion'],
    params: agParams,
    body: consoleAssembleeBody,
    response: okEnvelope(consoleAssemblee),
  }),
  preview: defineEndpoint({
    method: 'GET',
    path: '/gestion/coproprietes/:coproId/assemblees/:assembleeId/convocations',
    summary: "Each co-owner's convocation: channel (loi art. 42-1), foreseen first presentation, delay, text",
    tags: ['gestion'],
    params: agParams,
    response: okEnvelope(convocationPreview),
  }),
  attach: defineEndpoint({
    method: 'POST',
    path: '/gestion/coproprietes/:coproId/assemblees/:assembleeId/resolutions/:resolutionId/pieces',
    summary: 'Attach a quote or a contract to a resolution of an assembly not convened yet',
    tags: ['gestion'],
    params: agParams.extend({ resolutionId: idField }),
    body: resolutionAttachmentBody,
    response: okEnvelope(consoleAssemblee),
  }),
  detach: defineEndpoint({
    method: 'DELETE',
    path: '/gestion/coproprietes/:coproId/assemblees/:assembleeId/resolutions/:resolutionId/pieces/:fileId',
    summary: 'Remove an attachment of a resolution of an assembly not convened yet',
    tags: ['gestion'],
    params: agParams.extend({ resolutionId: idField, fileId: idField }),
    response: okEnvelope(consoleAssemblee),
  }),
  publish: defineEndpoint({
    method: 'POST',
    path: '/gestion/coproprietes/:coproId/assemblees/:assembleeId/publication',
    summary:
      'Send the convocations; refused (409) when the 21 days cannot run for some co-owners, naming them',
    tags: ['gestion'],
    params: agParams,
    response: okEnvelope(publishResult),
  }),
};
