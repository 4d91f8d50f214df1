import { z } from 'zod';
import { syndicCents, syndicFileField, syndicOptText, syndicStoredFile } from './syndicDocumentFields.js';
import { externalIdField, syndicDay, syndicText } from './syndicApi.js';

/**
 * Documents, supplier invoices and communications in the syndic API (decision 52): the
 * syndic's software puts a file into a co-owner's space, a group of the copropriété or of the
 * syndic, a bank statement month or an assembly year; creates a supplier invoice with its
 * expenses, écritures and per-lot amounts (./syndicInvoices.ts); records a letter, e-mail or SMS
 * it sent (./syndicCommunications.ts). Every write is a PUT by the syndic's `external_id`
 * (idempotent), every resource can be listed and deleted (./syndicDocumentEndpoints.ts).
 */

const text = syndicText;
const optText = syndicOptText;
const day = syndicDay;
const cents = syndicCents;
const year = z.number().int().min(1900).max(2200);

// ── document groups ──────────────────────────────────────────────────────────────

export const syndicDocumentGroupBody = z
  .object({
    /** 'copropriete': 'Ceux de la copropriétés' of that building; 'syndic': 'Ceux du syndic', every building. */
    scope: z.enum(['copropriete', 'syndic'], { error: "Portée attendue : 'copropriete' ou 'syndic'." }),
    copropriete: externalIdField.nullable().default(null),
    name: text(200),
    /** Card number and approval date shown on the syndic's groups (carte professionnelle…). */
    number: optText(100),
    approve_date: day.nullable().default(null),
    sort: z.number().int().min(0).max(10_000).default(0),
    /** 'council': a building's shelf only its conseil syndical reads (décret 2019-502 art. 3). */
    audience: z.enum(['all', 'council'], { error: "Public attendu : 'all' ou 'council'." }).default('all'),
  })
  .superRefine((v, ctx) => {
    if (v.scope === 'syndic' && v.audience !== 'all')
      ctx.addIssue({
        code: 'custom',
        path: ['audience'],
        message: "Un groupe du syndic est lu par tous ('all').",
      });
    if (v.scope === 'copropriete' && !v.copropriete)
      ctx.addIssue({ code: 'custom', path: ['copropriete'], message: 'Ce champ est requis.' });
    if (v.scope === 'syndic' && v.copropriete)
      ctx.addIssue({
        code: 'custom',
        path: ['copropriete'],
        message: 'Un groupe du syndic ne nomme pas de copropriété (null).',
      });
  });
export type SyndicDocumentGroupBody = z.output<typeof syndicDocumentGroupBody>;
export const syndicDocumentGroupResource = z.object({
  id: z.string(),
  external_id: z.string(),
  scope: z.enum(['copropriete', 'syndic']),
  copropriete: z.string().nullable(),
  name: z.string(),
  number: z.string().nullable(),
  approve_date: z.string().nullable(),
  sort: z.number().int(),
  audience: z.enum(['all', 'council']),
});

// ── documents ──────────────────────────────────────────────────────────────────

const documentCommon = <F extends z.ZodType>(file: F) => ({
  name: text(300),
  /** The document's date (its issue date; the décret 2019-502 checklist reads it as its update). */
  date: day,
  amount_cents: cents.nullable().default(null),
  amount_type: z.enum(['debit', 'credit']).nullable().default(null),
  file,
});

/**
 * Where the document goes: one of five places (SPEC §2.7, §3). `file` is the PUT's file field,
 * or the stored form only in a bulk item (the bytes went up by presigned URL); `extra` adds the
 * bulk item's external_id.
 */
export const documentPlaces = <F extends z.ZodType, X extends z.ZodRawShape>(file: F, extra: X) =>
  z.discriminatedUnion(
    'place',
    [
      z.object({
        ...extra,
        place: z.literal('coproprietaire'),
        /** The co-owner record (external_id); 'Mes documents'. */
        coproprietaire: externalIdField,
        /** A document type code; the list is in the field's description (a syndic key cannot read it elsewhere). */
        type: z.string().trim().min(1).max(50).meta({
          description:
            'Type de document : APPEL_FONDS (appels de fonds), RELEVE_COMPTE (relevés de compte), DECOMPTE_CHARGES (décomptes de charges), CONVOCATION_AG, PV_AG (procès-verbaux), AUTRE.',
        }),
        ...documentCommon(file),
      }),
      z.object({
        ...extra,
        place: z.literal('group'),
        /** A document group of this syndic (external_id): of a copropriété or of the syndic. */
        group: externalIdField,
        ...documentCommon(file),
      }),
      z.object({
        ...extra,
        place: z.literal('bank_statement'),
        copropriete: externalIdField,
        year,
        month: z.number().int().min(1, { error: 'Mois de 1 à 12.' }).max(12, { error: 'Mois de 1 à 12.' }),
        ...documentCommon(file),
      }),
      z.object({
        ...extra,
        place: z.literal('ag'),
        copropriete: externalIdField,
        year,
        /** 'quote': devis soumis à l'assemblée; 'record': procès-verbal, convocation, annexes. */
        ag_kind: z.enum(['quote', 'record'], { error: "'quote' ou 'record'." }),
        ...documentCommon(file),
      }),
    ],
    { error: "Emplacement attendu (place) : 'coproprietaire', 'group', 'bank_statement' ou 'ag'." },
  );
export const syndicDocumentBody = documentPlaces(syndicFileField, {});
export type SyndicDocumentBody = z.output<typeof syndicDocumentBody>;
export const syndicDocumentResource = z
  .object({
    id: z.string(),
    external_id: z.string(),
    place: z.enum(['coproprietaire', 'group', 'bank_statement', 'ag']),
    coproprietaire: z.string().optional(),
    type: z.string().optional(),
    group: z.string().optional(),
    copropriete: z.string().optional(),
    year: z.number().int().optional(),
    month: z.number().int().optional(),
    ag_kind: z.enum(['quote', 'record']).optional(),
    name: z.string(),
    date: z.string(),
    amount_cents: z.number().int().nullable(),
    amount_type: z.enum(['debit', 'credit']).nullable(),
    file: syndicStoredFile,
  })
  .meta({ description: 'The document as stored: the PUT body with the file in its stored form.' });
