import { z } from 'zod';
import { okEnvelope } from '../envelope.js';
import { requiredString } from '../fields.js';
import { readEndpoints } from './syndicResourceEndpoints.js';
import { defineSyndicEndpoint, externalIdField, externalIdParams, upsertResponse } from './syndicApi.js';

/**
 * A notice (avis) the syndic sends to a building, to the lots of one key (a staircase, a
 * bâtiment: the special keys already group the lots) or to chosen co-owners. Each recipient
 * finds it among their communications; the first time they open it is their read receipt.
 */

/** Whole building, the lots of one key (répartition), or chosen co-owners. */
export const NOTICE_AUDIENCES = ['immeuble', 'cle', 'coproprietaires'] as const;
export type NoticeAudience = (typeof NOTICE_AUDIENCES)[number];

export const syndicNoticeBody = z
  .object({
    copropriete: externalIdField,
    subject: requiredString.max(200, { error: '200 caractères au plus.' }),
    /** HTML; sanitised by the server before it is stored and before any co-owner reads it. */
    html_body: requiredString.max(50_000, { error: '50 000 caractères au plus.' }),
    audience: z.enum(NOTICE_AUDIENCES, { error: "'immeuble', 'cle' ou 'coproprietaires'." }),
    /** With `cle`: the key whose lots (tantième above zero) are addressed. */
    repartition: externalIdField.nullable().default(null),
    /** With `coproprietaires`: the records addressed (sorted, once each, when stored). */
    coproprietaires: z.array(externalIdField).max(5000).default([]),
  })
  .superRefine((v, ctx) => {
    if (v.audience === 'cle' && !v.repartition)
      ctx.addIssue({ code: 'custom', path: ['repartition'], message: 'Choisissez une clé de répartition.' });
    if (v.audience === 'coproprietaires' && v.coproprietaires.length === 0)
      ctx.addIssue({ code: 'custom', path: ['coproprietaires'], message: 'Au moins un copropriétaire.' });
  });
export type SyndicNoticeBody = z.output<typeof syndicNoticeBody>;

export const syndicNoticeResource = z.object({
  id: z.string(),
  external_id: z.string(),
  copropriete: z.string(),
  subject: z.string(),
  html_body: z.string(),
  audience: z.enum(NOTICE_AUDIENCES),
  repartition: z.string().nullable(),
  coproprietaires: z.array(z.string()),
});

/** One recipient of a notice: when they first opened it, or null. */
export const noticeReceipt = z.object({
  coproprietaire: z.string().nullable(),
  coproprietaire_id: z.string(),
  name: z.string(),
  read_at: z.string().nullable(),
});

export const noticeReceipts = z.object({
  external_id: z.string(),
  sent_at: z.string(),
  recipients_count: z.number().int(),
  read_count: z.number().int(),
  recipients: z.array(noticeReceipt),
});
export type NoticeReceipts = z.output<typeof noticeReceipts>;

export const syndicNoticeEndpoints = {
  ...readEndpoints(
    'notices',
    'Notices (avis) sent to a building, a key or chosen co-owners',
    syndicNoticeResource,
  ),
  put: defineSyndicEndpoint({
    method: 'PUT',
    path: '/syndic/v1/notices/:external_id',
    summary:
      'Send a notice (idempotent by external_id; its recipients are fixed when first sent, a later PUT may correct its subject and text)',
    scope: 'write',
    params: externalIdParams,
    body: syndicNoticeBody,
    response: upsertResponse(syndicNoticeResource),
  }),
  receipts: defineSyndicEndpoint({
    method: 'GET',
    path: '/syndic/v1/notices/:external_id/receipts',
    summary: 'Who received a notice and when each first opened it (null: not yet)',
    scope: 'read',
    params: externalIdParams,
    response: okEnvelope(noticeReceipts),
  }),
};
