import { z } from 'zod';
import { okEnvelope } from '../envelope.js';
import { checklistSchema } from './checklist.js';
import { UPLOAD_MAX_BYTES, UPLOAD_TYPES } from '../rules/files.js';
import {
  readEndpoints,
  defineSyndicEndpoint,
  externalIdField,
  externalIdParams,
  upsertResponse,
  syndicText,
  syndicDay,
} from './syndicApi.js';

/**
 * Documents, supplier invoices and communications in the syndic API (decision 52): the
 * syndic's software puts a file into a co-owner's space, a group of the copropriété or of the
 * syndic, a bank statement month or an assembly year; creates a supplier invoice with its
 * expenses, écritures and per-lot amounts; records a letter, e-mail or SMS it sent. Every write is
 * a PUT by the syndic's `external_id` (idempotent), every resource can be listed and deleted.
 */

const text = syndicText;
const optText = (max: number) =>
  z
    .string()
    .trim()
    .min(1, { error: 'Valeur vide : envoyez null ou omettez le champ.' })
    .max(max)
    .nullable()
    .default(null);
const day = syndicDay;
const instant = z.iso.datetime({
  offset: true,
  error: 'Date et heure attendues au format ISO 8601 avec fuseau (2026-06-15T18:00:00+02:00).',
});
const cents = z.number().int({ error: 'Montant en centimes (entier).' }).min(-1e11).max(1e11);
const year = z.number().int().min(1900).max(2200);

/** Base64 of at most UPLOAD_MAX_BYTES (a larger file is a 413 from the server, in French). */
const BASE64_MAX = Math.ceil((UPLOAD_MAX_BYTES * 4) / 3) + 8;

/**
 * A file sent in a PUT: its name (shown to the co-owner; the storage name is chosen by the
 * server), its type (the upload allow-list of decision 48, checked against the magic bytes) and
 * its bytes in base64 (10 MB at most). An image must decode; its sizes are stored beside it
 * (decision 56).
 */
export const syndicFileUpload = z.object({
  name: text(200),
  content_type: z.string().refine((t) => t in UPLOAD_TYPES, { error: 'Type de fichier non autorisé.' }),
  content_base64: z
    .string()
    .min(1, { error: 'Contenu base64 attendu.' })
    .max(BASE64_MAX + 1024, { error: 'Le fichier est trop volumineux.' })
    .regex(/^[A-Za-z0-9+/]+={0,2}$/, { error: 'Contenu base64 attendu.' }),
});
/** A file as stored: sending this form back keeps the stored file (an identical PUT is `unchanged`). */
export const syndicStoredFile = z.object({
  name: text(200),
  content_type: z.string(),
  sha256: z.string().regex(/^[0-9a-f]{64}$/, { error: 'Empreinte SHA-256 (hexadécimale) attendue.' }),
  size: z.number().int().min(0),
});
export type SyndicStoredFile = z.infer<typeof syndicStoredFile>;
export const syndicFileField = z.union([syndicFileUpload, syndicStoredFile], {
  error:
    'Fichier attendu : {name, content_type, content_base64} ou la forme enregistrée {name, content_type, sha256, size}.',
});

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
  })
  .superRefine((v, ctx) => {
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

// ── supplier invoices ────────────────────────────────────────────────────────────

export const syndicInvoiceDepense = z.object({
  charge_name: text(200),
  description: optText(1000),
  amount_ttc_cents: cents,
  /** Distribution keys (external_ids of répartitions of this copropriété). */
  repartitions: z.array(externalIdField).max(20).default([]),
  charge: externalIdField.optional().meta({
    description:
      "La charge (external_id) où la dépense est imputée : elle compte alors dans le « Réalisé » de l'exercice qui couvre la date de la facture (400 sur `invoice_date` si aucun ne la couvre).",
  }),
});
export const syndicInvoiceEcriture = z.object({
  date: day,
  description: text(500),
  amount_cents: cents,
  /** Each lot's share of this écriture ('Ma quote part'); a lot once per écriture. */
  lots: z
    .array(z.object({ lot: externalIdField, amount_cents: cents }))
    .max(2000)
    .default([]),
});
export const syndicInvoiceBody = z.object({
  copropriete: externalIdField,
  invoice_date: day,
  amount_cents: cents,
  fournisseur_name: text(200),
  compte_name: optText(200),
  number: optText(100),
  internal_note: optText(2000),
  /** 5, 6 and 7 mean paid (SPEC §9). */
  status: z.number().int().min(0).max(20).default(1),
  /** The source document (a JPEG is shown as a picture, anything else in a frame). */
  file: syndicFileField.nullable().default(null),
  depenses: z.array(syndicInvoiceDepense).max(200).default([]),
  ecritures: z.array(syndicInvoiceEcriture).max(200).default([]),
});
export type SyndicInvoiceBody = z.output<typeof syndicInvoiceBody>;
export const syndicInvoiceResource = syndicInvoiceBody.extend({
  id: z.string(),
  external_id: z.string(),
  file: syndicStoredFile.nullable(),
});

// ── communications ──────────────────────────────────────────────────────────────

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

// ── endpoints ──────────────────────────────────────────────────────────────────

export const deletedResponse = okEnvelope(
  z.object({ result: z.literal('deleted'), id: z.string(), external_id: z.string() }),
);

const resource = <R extends z.ZodType, B extends z.ZodType>(
  plural: string,
  label: string,
  item: R,
  body: B,
) => ({
  ...readEndpoints(plural, label, item),
  put: defineSyndicEndpoint({
    method: 'PUT',
    path: `/syndic/v1/${plural}/:external_id`,
    summary: `${label}: create or replace (idempotent by external_id; files base64, 10 MB each)`,
    scope: 'write',
    params: externalIdParams,
    body,
    response: upsertResponse(item),
  }),
  delete: defineSyndicEndpoint({
    method: 'DELETE',
    path: `/syndic/v1/${plural}/:external_id`,
    summary: `${label}: delete (the co-owners no longer see it; the external_id may be used again)`,
    scope: 'write',
    params: externalIdParams,
    response: deletedResponse,
  }),
});

export const syndicDocumentEndpoints = {
  groups: resource(
    'document-groups',
    'Document groups (copropriété or syndic)',
    syndicDocumentGroupResource,
    syndicDocumentGroupBody,
  ),
  documents: resource(
    'documents',
    "Documents (a co-owner's space, a group, a bank statement month, an assembly year)",
    syndicDocumentResource,
    syndicDocumentBody,
  ),
  invoices: resource(
    'invoices',
    'Supplier invoices with expenses, écritures and per-lot amounts',
    syndicInvoiceResource,
    syndicInvoiceBody,
  ),
  communications: resource(
    'communications',
    'Postal, e-mail and SMS communications sent to a co-owner, with attachments',
    syndicCommunicationResource,
    syndicCommunicationBody,
  ),
};

export const syndicChecklistEndpoints = {
  checklist: defineSyndicEndpoint({
    method: 'GET',
    path: '/syndic/v1/coproprietes/:external_id/document-checklist',
    summary:
      'Décret 2019-502 checklist of a copropriété: each document the law requires online, present, missing or stale, with the document it matched',
    scope: 'read',
    params: externalIdParams,
    response: okEnvelope(checklistSchema),
  }),
};
