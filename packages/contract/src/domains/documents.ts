import { z } from 'zod';
import { COMMUNICATION_PAGE_SIZE, DOCUMENTS_PAGE_SIZE, INVOICE_PAGE_SIZE } from '../constants.js';
import { defineEndpoint } from '../endpoint.js';
import { okEnvelope } from '../envelope.js';
import { idField } from '../fields.js';

/**
 * Documents, supplier invoices and communications (SPEC §2.7, §2.17, §2.18, §3, §7), at exactly
 * the paths of §7. Amounts leave the server in cents (decision 15); file URLs are signed and
 * expire.
 */

const DOC_TAGS = ['documents'];
const INV_TAGS = ['invoices'];
const COM_TAGS = ['communications'];

/** SPEC §3 Document. `capacity` is the size in bytes; `source_url` a signed, expiring URL. */
export const documentSchema = z.object({
  id: z.string(),
  name: z.string(),
  content_type: z.string(),
  capacity: z.number().int(),
  amount_type: z.string().nullable(),
  source_url: z.string(),
  amount: z.number().int().nullable(),
  date: z.string(),
  year: z.number().int().nullable(),
  month: z.number().int().nullable(),
});
export type DocumentItem = z.infer<typeof documentSchema>;

export const documentTypeSchema = z.object({ id: z.string(), code: z.string(), name: z.string() });

/** SPEC §3 groups: plain groups carry documents; AG groups years; BANK_STATEMENT groups months. */
export const documentGroupSchema = z.object({
  id: z.string(),
  name: z.string(),
  kind: z.enum(['default', 'AG', 'BANK_STATEMENT']),
  copropriete_id: z.string().nullable(),
  syndic_id: z.string().nullable(),
  number: z.string().nullable(),
  approve_date: z.string().nullable(),
  documents: z.array(documentSchema),
  years: z.array(
    z.object({ year: z.number().int(), quotes: z.array(documentSchema), records: z.array(documentSchema) }),
  ),
  months: z.array(
    z.object({ year: z.number().int(), month: z.number().int(), documents: z.array(documentSchema) }),
  ),
});
export type DocumentGroup = z.infer<typeof documentGroupSchema>;

const typeCode = z
  .string()
  .min(1)
  .max(50)
  .regex(/^[A-Z0-9_]+$/, { error: 'Type de document invalide' });

export const documentEndpoints = {
  types: defineEndpoint({
    method: 'GET',
    path: '/parameters/document-types/list',
    summary: 'Document types, in display order',
    tags: DOC_TAGS,
    response: okEnvelope(z.array(documentTypeSchema)),
  }),
  ownByType: defineEndpoint({
    method: 'GET',
    path: '/documents/:coproId/types/:type',
    summary: "A co-owner record's own documents of one type, newest first (page_state paging)",
    tags: DOC_TAGS,
    params: z.object({ coproId: idField, type: typeCode }),
    query: z.object({
      page_size: z.coerce.number().int().min(1).max(DOCUMENTS_PAGE_SIZE).default(DOCUMENTS_PAGE_SIZE),
      page_state: z.string().max(20).regex(/^\d*$/, { error: 'page_state invalide' }).optional(),
    }),
    response: okEnvelope(z.object({ data: z.array(documentSchema), page_state: z.string().nullable() })),
  }),
  coproDocuments: defineEndpoint({
    method: 'POST',
    path: '/documents/get-copropriete-documents',
    summary: "The copropriété's document groups (with bank statements by month and AG documents by year)",
    tags: DOC_TAGS,
    body: z.object({ copro_ids: z.array(idField).min(1).max(20) }),
    response: okEnvelope(z.array(documentGroupSchema)),
  }),
  syndicDocuments: defineEndpoint({
    method: 'POST',
    path: '/documents/get-syndic-documents',
    summary: "The syndic's document groups (card number, approval date)",
    tags: DOC_TAGS,
    body: z.object({ syndic_ids: z.array(idField).min(1).max(20) }),
    response: okEnvelope(z.array(documentGroupSchema)),
  }),
};

/** A signed source document of an invoice (SPEC §3 source_urls[]). */
export const invoiceSourceSchema = z.object({ path: z.string(), content_type: z.string() });

/** A card of the invoice grid. `status` is null when the record may not see it (§6). */
export const invoiceCardSchema = z.object({
  id: z.string(),
  invoice_date: z.string(),
  amount: z.number().int(),
  fournisseur_name: z.string(),
  status: z.number().int().nullable(),
  paid: z.boolean(),
  /** The first source document, when the record may see attachments. */
  thumbnail: invoiceSourceSchema.nullable(),
});
export type InvoiceCard = z.infer<typeof invoiceCardSchema>;

/** SPEC §3 Supplier invoice. */
export const invoiceDetailSchema = z.object({
  id: z.string(),
  invoice_date: z.string(),
  amount: z.number().int(),
  fournisseur_name: z.string(),
  copr_name: z.string(),
  copropriete_id: z.string(),
  compte_name: z.string().nullable(),
  number: z.string().nullable(),
  internal_note: z.string().nullable(),
  status: z.number().int().nullable(),
  paid: z.boolean(),
  source_url: z.object({ path: z.string() }).nullable(),
  source_urls: z.array(invoiceSourceSchema),
  depenses: z.array(
    z.object({
      id: z.string(),
      charge_name: z.string(),
      description: z.string().nullable(),
      amount_ttc: z.number().int(),
      repartitions: z.array(z.object({ name: z.string() })),
    }),
  ),
});
export type InvoiceDetail = z.infer<typeof invoiceDetailSchema>;

export const ecritureSchema = z.object({
  id: z.string(),
  date: z.string(),
  description: z.string(),
  amount: z.number().int(),
});

export const lotShareSchema = z.object({
  lot_id: z.string(),
  lot_name: z.string(),
  amount: z.number().int(),
});

export const invoiceEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/invoices/syndics/:syndicId/coproprietes/:coproprieteId/saisies',
    summary: "The copropriété's supplier invoices, newest first (page_index = offset already loaded)",
    tags: INV_TAGS,
    params: z.object({ syndicId: idField, coproprieteId: idField }),
    query: z.object({
      page_size: z.coerce.number().int().min(1).max(100).default(INVOICE_PAGE_SIZE),
      page_index: z.coerce.number().int().min(0).max(1_000_000).default(0),
    }),
    response: okEnvelope(z.array(invoiceCardSchema)),
  }),
  detail: defineEndpoint({
    method: 'GET',
    path: '/invoices/syndics/:syndicId/invoices/:invoiceId',
    summary: 'One supplier invoice with its expenses and source documents',
    tags: INV_TAGS,
    params: z.object({ syndicId: idField, invoiceId: idField }),
    response: okEnvelope(invoiceDetailSchema),
  }),
  ecritures: defineEndpoint({
    method: 'GET',
    path: '/invoices/coproprietes/:coproprieteId/invoices/:invoiceId/ecritures',
    summary: 'Accounting entries (écritures) of an invoice',
    tags: INV_TAGS,
    params: z.object({ coproprieteId: idField, invoiceId: idField }),
    response: okEnvelope(z.array(ecritureSchema)),
  }),
  lotShares: defineEndpoint({
    method: 'POST',
    path: '/invoices/coproprietes/:coproprieteId/transactions-by-multi-ecritures',
    summary: "The caller's share per lot of some écritures ('Ma quote part')",
    tags: INV_TAGS,
    params: z.object({ coproprieteId: idField }),
    body: z.object({
      ecriture_ids: z.array(idField).min(1).max(200),
      lot_ids: z.array(idField).max(200),
    }),
    response: okEnvelope(z.array(lotShareSchema)),
  }),
};

/** SPEC §3 Attachment; `path_url` signed and expiring. */
export const fileAttachmentSchema = z.object({
  id: z.string(),
  name: z.string(),
  content_type: z.string(),
  capacity: z.number().int(),
  amount_type: z.string().nullable(),
  path_url: z.string(),
});

/** SPEC §3 Communication record. `html_body` is sanitised by the server. */
export const communicationSchema = z.object({
  id: z.string(),
  created_date: z.string(),
  module: z.string(),
  sending_method: z.enum(['postal', 'email', 'sms']),
  recipient_info: z.object({
    sending_address: z
      .object({
        address_1: z.string().optional(),
        address_4: z.string().optional(),
        zip_code: z.string().optional(),
        city: z.string().optional(),
        country: z.string().optional(),
      })
      .optional(),
    name: z.string().optional(),
    to_addresses: z.array(z.string()).optional(),
    sending_phone: z.array(z.string()).optional(),
  }),
  subject: z.string().nullable(),
  html_body: z.string().nullable(),
  content: z.string().nullable(),
  internal_executed_date: z.string().nullable(),
  attachments: z.array(fileAttachmentSchema),
  /** A notice's row: when the co-owner first opened it (null: not yet); absent otherwise. */
  read_at: z.string().nullable().optional(),
});
export type Communication = z.infer<typeof communicationSchema>;

const communicationQuery = z.object({
  syndic_id: idField,
  coproprietaire_id: idField,
  page_size: z.coerce.number().int().min(1).max(COMMUNICATION_PAGE_SIZE).default(COMMUNICATION_PAGE_SIZE),
  page_index: z.coerce.number().int().min(0).max(1_000_000).default(0),
});
const communicationPage = okEnvelope(
  z.object({ total: z.number().int(), data: z.array(communicationSchema) }),
);

export const communicationEndpoints = {
  postal: defineEndpoint({
    method: 'GET',
    path: '/communication/postal',
    summary: "A record's postal letters, newest first (council members: IS_SYNDICAT)",
    tags: COM_TAGS,
    query: communicationQuery,
    response: communicationPage,
  }),
  email: defineEndpoint({
    method: 'GET',
    path: '/communication/email',
    summary: "A record's e-mails, newest first",
    tags: COM_TAGS,
    query: communicationQuery,
    response: communicationPage,
  }),
  sms: defineEndpoint({
    method: 'GET',
    path: '/communication/sms',
    summary: "A record's SMS, newest first",
    tags: COM_TAGS,
    query: communicationQuery,
    response: communicationPage,
  }),
  smsDetail: defineEndpoint({
    method: 'GET',
    path: '/communication/sms/:id',
    summary: 'One SMS, the page its link opens (/m/{id}); the random id is the capability',
    tags: COM_TAGS,
    auth: false,
    params: z.object({ id: idField }),
    response: okEnvelope(communicationSchema),
  }),
  /** The first opening of a notice by its recipient (the read receipt); again is a no-op. */
  read: defineEndpoint({
    method: 'POST',
    path: '/communication/read/:id',
    summary: "A notice opened by its recipient: its first time is recorded (once), the syndic's read receipt",
    tags: COM_TAGS,
    params: z.object({ id: idField }),
    body: z.object({ coproprietaire_id: idField }),
    response: okEnvelope(z.object({ read_at: z.string() })),
  }),
};
