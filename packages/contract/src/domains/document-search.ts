import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { okEnvelope } from '../envelope.js';
import { idField } from '../fields.js';
import { documentSchema } from './documents.js';

/** The most documents one search lists, and one archive holds. */
export const DOCUMENT_SEARCH_LIMIT = 50;
export const DOCUMENT_ZIP_MAX = 50;

/** A kind of document as the filter offers it: an own type ('own:PV_AG') or a group ('group:<id>'). */
const typeKey = z
  .string()
  .max(60)
  .regex(/^(own:[A-Z0-9_]{1,50}|group:[0-9a-f-]{36})$/, { error: 'Type de document invalide' });

export const documentHitSchema = z.object({
  document: documentSchema,
  type_key: z.string(),
  /** 'Procès-verbaux AG', or the group's name ('Assemblées générales', 'Contrats'…). */
  type_label: z.string(),
  /** A few words of the PDF's text around the first word found; null when found by its name. */
  snippet: z.string().nullable(),
});
export type DocumentHit = z.infer<typeof documentHitSchema>;

export const documentSearchSchema = z.object({
  results: z.array(documentHitSchema),
  /** More documents matched than listed (refine the search). */
  more: z.boolean(),
  /** The folded words searched, for highlighting (rules/document-search.ts). */
  terms: z.array(z.string()),
  /** The filters' choices, over every document the record may see. */
  years: z.array(z.number().int()),
  types: z.array(z.object({ key: z.string(), label: z.string() })),
});
export type DocumentSearch = z.infer<typeof documentSearchSchema>;

export const documentSearchEndpoints = {
  search: defineEndpoint({
    method: 'GET',
    path: '/documents/:coproId/search',
    summary:
      "Every document the record may see (its own, its building's, its syndic's), found by name, type, year and the PDF's text",
    tags: ['documents'],
    params: z.object({ coproId: idField }),
    query: z.object({
      q: z.string().max(200).optional(),
      year: z.coerce.number().int().min(1900).max(2200).optional(),
      type: typeKey.optional(),
    }),
    response: okEnvelope(documentSearchSchema),
  }),
};

/** POST body of `/api/documents/:coproId/zip`: the documents as one ZIP archive (not an envelope). */
export const documentZipBody = z.object({ ids: z.array(idField).min(1).max(DOCUMENT_ZIP_MAX) });
export const documentZipPath = (coproId: string) => `/api/documents/${coproId}/zip`;
