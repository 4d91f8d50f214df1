import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { okEnvelope } from '../envelope.js';
import { idField } from '../fields.js';
import { isChargeAccount } from '../rules/supplierInvoices.js';
import { coproParams } from './console.js';
import { syndicFileUpload } from './syndicDocumentFields.js';

/**
 * Supplier invoices captured in the console (decision 227): the PDF and its fields, the charge
 * account (6xx) and key, the conseil syndical consulted from the assembly's threshold (loi
 * art. 21, al. 2), the payment against the bank. Reading is building.read; capture and payment
 * finances.write; the threshold assemblees.write (the assembly set it). The council's members
 * answer from their co-owner space.
 */

const cents = z
  .number({ error: 'Un montant en centimes.' })
  .int({ error: 'Un nombre entier de centimes.' })
  .min(1, { error: 'Un montant positif.' })
  .max(100_000_000_000);
const isoDate = z.iso.date({ error: 'Une date AAAA-MM-JJ.' });
export const invoiceStageField = z.enum(['a_valider', 'au_conseil', 'validee', 'refusee', 'payee']);

export const councilThresholdView = z.object({
  amount_cents: z.number().int(),
  resolution_id: z.string().nullable(),
  resolution_title: z.string().nullable(),
});

export const consoleInvoice = z.object({
  id: z.string(),
  fournisseur_name: z.string(),
  invoice_date: z.string(),
  number: z.string().nullable(),
  amount_cents: z.number().int(),
  account: z.string().nullable(),
  account_label: z.string().nullable(),
  repartition: z.object({ id: z.string(), name: z.string() }).nullable(),
  stage: invoiceStageField,
  /** Art. 21: the amount reaches the assembly's threshold. */
  council_required: z.boolean(),
  council_comment: z.string().nullable(),
  council_by: z.string().nullable(),
  council_at: z.string().nullable(),
  paid_on: z.string().nullable(),
  /** Numbers of the journal's écritures: the charge and the payment. */
  ecriture_number: z.number().int().nullable(),
  payment_number: z.number().int().nullable(),
  file_url: z.string().nullable(),
});
export type ConsoleInvoice = z.output<typeof consoleInvoice>;

export const consoleInvoicesView = z.object({
  threshold: councilThresholdView.nullable(),
  accounts: z.array(z.object({ code: z.string(), label: z.string() })),
  keys: z.array(z.object({ id: z.string(), name: z.string() })),
  resolutions: z.array(
    z.object({ id: z.string(), title: z.string(), assemblee_date: z.string().nullable() }),
  ),
  invoices: z.array(consoleInvoice),
});
export type ConsoleInvoicesView = z.output<typeof consoleInvoicesView>;

export const captureInvoiceBody = z.object({
  fournisseur_name: z.string().trim().min(1, { error: 'Le fournisseur est obligatoire.' }).max(200),
  invoice_date: isoDate,
  number: z.string().trim().max(100).nullable().default(null),
  amount_cents: cents,
  account: z
    .string()
    .refine(isChargeAccount, { error: 'Un compte de charges (classe 6) du plan comptable.' }),
  repartition_id: idField,
  description: z.string().trim().max(1000).nullable().default(null),
  /** The invoice itself, a PDF (or a picture), base64. */
  file: syndicFileUpload.nullable().default(null),
});
export type CaptureInvoiceBody = z.output<typeof captureInvoiceBody>;

export const payInvoiceBody = z.object({ date: isoDate });
export const thresholdBody = z.object({
  amount_cents: z.number().int().min(0).max(100_000_000_000),
  resolution_id: idField.nullable().default(null),
});
export type ThresholdBody = z.output<typeof thresholdBody>;

const invoiceParams = coproParams.extend({ invoiceId: idField });

export const consoleFacturesEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/gestion/coproprietes/:coproId/factures',
    summary: "A building's supplier invoices, their stage, the council's threshold",
    tags: ['gestion'],
    params: coproParams,
    response: okEnvelope(consoleInvoicesView),
  }),
  capture: defineEndpoint({
    method: 'POST',
    path: '/gestion/coproprietes/:coproId/factures',
    summary: 'Capture a supplier invoice: booked to its 6xx account and key (6xx / 401)',
    tags: ['gestion'],
    params: coproParams,
    body: captureInvoiceBody,
    response: okEnvelope(consoleInvoice),
  }),
  sendToCouncil: defineEndpoint({
    method: 'POST',
    path: '/gestion/coproprietes/:coproId/factures/:invoiceId/conseil',
    summary: 'Send an invoice to the conseil syndical for its opinion (loi art. 21)',
    tags: ['gestion'],
    params: invoiceParams,
    response: okEnvelope(consoleInvoice),
  }),
  pay: defineEndpoint({
    method: 'POST',
    path: '/gestion/coproprietes/:coproId/factures/:invoiceId/paiement',
    summary: 'Record the payment of an invoice against the bank (401 / 512), once',
    tags: ['gestion'],
    params: invoiceParams,
    body: payInvoiceBody,
    response: okEnvelope(consoleInvoice),
  }),
  threshold: defineEndpoint({
    method: 'PUT',
    path: '/gestion/coproprietes/:coproId/factures/seuil',
    summary: 'The amount the assembly set from which the council is consulted (art. 21, al. 2)',
    tags: ['gestion'],
    params: coproParams,
    body: thresholdBody,
    response: okEnvelope(councilThresholdView),
  }),
};

// ── the council's side, in the co-owner space ───────────────────────────────────

export const councilInvoice = z.object({
  id: z.string(),
  fournisseur_name: z.string(),
  invoice_date: z.string(),
  number: z.string().nullable(),
  amount_cents: z.number().int(),
  account_label: z.string().nullable(),
  repartition_name: z.string().nullable(),
  stage: invoiceStageField,
  council_comment: z.string().nullable(),
  council_by: z.string().nullable(),
  file_url: z.string().nullable(),
});
export type CouncilInvoice = z.output<typeof councilInvoice>;

export const councilAnswerBody = z.object({
  decision: z.enum(['approuvee', 'refusee']),
  comment: z.string().trim().max(2000).nullable().default(null),
});
export type CouncilAnswerBody = z.output<typeof councilAnswerBody>;

const ownerParams = z.object({ id: idField });

export const councilInvoiceEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/invoices/coproprietaires/:id/conseil',
    summary: 'The invoices the syndic sent to the council (the caller must be one of its members)',
    tags: ['invoices'],
    params: ownerParams,
    response: okEnvelope(z.array(councilInvoice)),
  }),
  answer: defineEndpoint({
    method: 'POST',
    path: '/invoices/coproprietaires/:id/conseil/:invoiceId/avis',
    summary: "A council member's opinion on an invoice: approved or refused, with a comment",
    tags: ['invoices'],
    params: ownerParams.extend({ invoiceId: idField }),
    body: councilAnswerBody,
    response: okEnvelope(councilInvoice),
  }),
};
