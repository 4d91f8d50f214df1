import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { okEnvelope } from '../envelope.js';
import { idField } from '../fields.js';
import { checklistSchema } from './checklist.js';
import { coproParams } from './console.js';
import { syndicStoredFile } from './syndicDocumentFields.js';
import { syndicUploadsBody } from './syndicUploads.js';
import { CONSOLE_DOCUMENT_KINDS, type ConsoleDocumentKind } from '../rules/consoleDocumentKinds.js';

/**
 * A building's documents in the syndic's console: the list, the décret 2019-502 checklist, and a
 * publication in two steps, the syndic API's own (presigned PUT of the bytes, then the stored
 * form): the console hands the same item to the same service (decision 221).
 */

/** Who reads a document: the whole building, its conseil syndical, or one co-owner's own space. */
export const CONSOLE_DOCUMENT_AUDIENCES = ['copropriete', 'conseil', 'coproprietaire'] as const;
export type ConsoleDocumentAudience = (typeof CONSOLE_DOCUMENT_AUDIENCES)[number];

export const consoleDocument = z.object({
  id: z.string(),
  name: z.string(),
  /** The kind's label (a building's shelf, or a co-owner's document type). */
  type_label: z.string(),
  audience: z.enum(CONSOLE_DOCUMENT_AUDIENCES),
  /** The co-owner of an own document. */
  coproprietaire: z.object({ id: z.string(), name: z.string() }).nullable(),
  date: z.string(),
  size: z.number().int(),
  content_type: z.string(),
  url: z.string(),
});
export type ConsoleDocument = z.output<typeof consoleDocument>;

export const consoleDocumentsPage = z.object({
  documents: z.array(consoleDocument),
  checklist: checklistSchema,
  /** The document types of a co-owner's own space (appel de fonds, relevé de compte…). */
  own_types: z.array(z.object({ code: z.string(), name: z.string() })),
});

const kindCodes = CONSOLE_DOCUMENT_KINDS.map((k) => k.code) as [
  ConsoleDocumentKind,
  ...ConsoleDocumentKind[],
];

export const consoleDocumentBody = z
  .object({
    audience: z
      .enum(CONSOLE_DOCUMENT_AUDIENCES, { error: 'Choisissez qui peut lire le document.' })
      .default('copropriete'),
    /** A building document's kind (CONSOLE_DOCUMENT_KINDS); null for a co-owner's own document. */
    kind: z.enum(kindCodes, { error: 'Choisissez le type du document.' }).nullable().default(null),
    /** A co-owner's own document: the co-owner and the document type code. */
    coproprietaire_id: idField.nullable().default(null),
    type: z.string().trim().min(1).max(50).nullable().default(null),
    name: z.string().trim().min(1, { error: 'Donnez un nom au document.' }).max(300),
    date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'Date attendue (AAAA-MM-JJ).' }),
    /** The file as it went up by the presigned URL. */
    file: syndicStoredFile,
    /** Replace this document's file, name and date: the same record, where it is, a new version. */
    replaces: idField.nullable().default(null),
  })
  .superRefine((v, ctx) => {
    // A replacement keeps the document where it is: only its file, name and date change.
    if (v.replaces) return;
    if (v.audience === 'coproprietaire') {
      if (!v.coproprietaire_id)
        ctx.addIssue({
          code: 'custom',
          path: ['coproprietaire_id'],
          message: 'Choisissez le copropriétaire.',
        });
      if (!v.type)
        ctx.addIssue({ code: 'custom', path: ['type'], message: 'Choisissez le type du document.' });
    } else if (!v.kind)
      ctx.addIssue({ code: 'custom', path: ['kind'], message: 'Choisissez le type du document.' });
  });
export type ConsoleDocumentBody = z.input<typeof consoleDocumentBody>;

const documentParams = coproParams.extend({ documentId: idField });

export const consoleDocumentEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/gestion/coproprietes/:coproId/documents',
    summary: "A building's documents (its shelves and its co-owners' own) and its décret 2019-502 checklist",
    tags: ['gestion'],
    params: coproParams,
    response: okEnvelope(consoleDocumentsPage),
  }),
  uploads: defineEndpoint({
    method: 'POST',
    path: '/gestion/coproprietes/:coproId/documents/envois',
    summary: 'Step 1: a presigned PUT for each file, named by its SHA-256 (the syndic API service)',
    tags: ['gestion'],
    params: coproParams,
    body: syndicUploadsBody,
    response: okEnvelope(
      z.object({
        uploads: z.array(
          z.object({
            sha256: z.string(),
            url: z.string(),
            headers: z.record(z.string(), z.string()),
            uploaded: z.boolean(),
          }),
        ),
      }),
    ),
  }),
  publish: defineEndpoint({
    method: 'POST',
    path: '/gestion/coproprietes/:coproId/documents',
    summary: 'Step 2: publish one uploaded file (or replace a document) through the syndic API bulk service',
    tags: ['gestion'],
    params: coproParams,
    body: consoleDocumentBody,
    response: okEnvelope(consoleDocument),
  }),
  remove: defineEndpoint({
    method: 'POST',
    path: '/gestion/coproprietes/:coproId/documents/:documentId/supprimer',
    summary: "Delete a building's document (the syndic API's deletion: audit line, tombstone)",
    tags: ['gestion'],
    params: documentParams,
    response: okEnvelope(z.object({ deleted: z.literal(true) })),
  }),
};
