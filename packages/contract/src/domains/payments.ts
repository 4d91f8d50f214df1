import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { idField } from '../fields.js';
import { okEnvelope } from '../envelope.js';

const uuid = idField;

/** SPEC §3 Payable item. `amount` is what is still owed or available, integer cents (decision 15). */
export const payableItemSchema = z.object({
  id: z.string(),
  amount: z.number().int(),
  type: z.enum(['debit', 'credit']),
  created_date: z.string(),
  compte_id: z.string().nullable(),
  source: z.string(),
  description: z.string(),
  checked: z.boolean(),
});
export type PayableItem = z.infer<typeof payableItemSchema>;

/**
 * A debit line a SEPA debit under way (or announced on a mandate) will settle: not payable
 * meanwhile, listed so the checkout can say why (`collect_on`: the day it is or will be taken).
 */
export const collectingItemSchema = payableItemSchema.extend({ collect_on: z.string().nullable() });
export type CollectingItem = z.infer<typeof collectingItemSchema>;

export const dataForPaymentSchema = z.object({
  debits: z.array(payableItemSchema),
  credits: z.array(payableItemSchema),
  /** The owed lines held by a SEPA debit in progress, left out of `debits`. */
  collecting: z.array(collectingItemSchema).default([]),
  currency: z.string(),
});
export type DataForPayment = z.infer<typeof dataForPaymentSchema>;

/** Amounts in integer cents, like every finances call. */
const paymentLineSchema = z.object({ id: uuid, amount: z.number().int() });

/** SPEC §3 Payment request. The server recomputes the amount from the line ids. */
export const paymentRequestSchema = z.object({
  debits: z.array(paymentLineSchema).max(500),
  credits: z.array(paymentLineSchema).max(500),
  pay_amount: z.number().int(),
});
export type PaymentRequestBody = z.infer<typeof paymentRequestSchema>;

/** SPEC §3 Payment request response, plus the checkout `url` the browser is sent to. */
export const paymentSessionSchema = z.object({
  publicKey: z.string(),
  sessionId: z.string(),
  accountId: z.string().optional(),
  url: z.string(),
});
export type PaymentSession = z.infer<typeof paymentSessionSchema>;

const coproAndOwner = z.object({ coproId: uuid, id: uuid });

/** A signed URL of a PDF and the name it downloads as. */
export const signedFileSchema = z.object({ url: z.string(), name: z.string() });

/** A saved SEPA mandate, the IBAN masked ('FR76 •••• 1234'). */
export const sepaMandateSchema = z.object({
  id: z.string(),
  /** Référence unique du mandat (RUM). */
  reference: z.string(),
  account_holder: z.string(),
  iban: z.string(),
  signed_at: z.string(),
  /** Days between the pre-notification and each debit. */
  notice_days: z.number().int(),
  /** The debits announced and not yet taken. */
  upcoming: z.array(z.object({ amount: z.number().int(), collect_on: z.string() })),
});
export type SepaMandate = z.infer<typeof sepaMandateSchema>;

export const sepaMandateBody = z.object({
  account_holder: z.string().trim().min(2).max(140),
  iban: z.string().trim().min(15).max(42),
  /** The co-owner ticked the mandate's authorisation. */
  accept: z.literal(true),
});
export type SepaMandateBody = z.infer<typeof sepaMandateBody>;

export const paymentEndpoints = {
  dataForPayment: defineEndpoint({
    method: 'GET',
    path: '/finances/coproprietes/:coproId/coproprietaires/:id/data-for-payment',
    summary: 'Payable items: unpaid debit lines and available credits',
    tags: ['finances'],
    params: coproAndOwner,
    response: okEnvelope(dataForPaymentSchema),
  }),
  generateSession: defineEndpoint({
    method: 'POST',
    path: '/finances/coproprietes/:coproId/coproprietaires/:id/generate-session-payment-request-by-stripe',
    summary: 'Create a card checkout session for the chosen lines',
    tags: ['finances'],
    params: coproAndOwner,
    body: paymentRequestSchema,
    response: okEnvelope(paymentSessionSchema),
  }),
  checkStripeReady: defineEndpoint({
    method: 'GET',
    path: '/finances/coproprietes/:coproId/check-stripe-ready',
    summary: "Whether the syndic's card payments are active and its account can take payments",
    tags: ['finances'],
    params: z.object({ coproId: uuid }),
    response: okEnvelope(z.object({ ready: z.boolean() })),
  }),
  receipt: defineEndpoint({
    method: 'GET',
    path: '/finances/coproprietes/:coproId/coproprietaires/:id/payments/:paymentId/receipt',
    summary: 'A signed URL of the PDF receipt of a succeeded payment',
    tags: ['finances'],
    params: coproAndOwner.extend({ paymentId: uuid }),
    response: okEnvelope(signedFileSchema),
  }),
  sepaMandate: defineEndpoint({
    method: 'GET',
    path: '/finances/coproprietes/:coproId/coproprietaires/:id/sepa-mandate',
    summary: "The co-owner's saved SEPA mandate, if any",
    tags: ['finances'],
    params: coproAndOwner,
    response: okEnvelope(
      z.object({
        mandate: sepaMandateSchema.nullable(),
        available: z.boolean(),
        /**
         * sandbox: signed with the IBAN form here; stripe: signed in Stripe Checkout (setup mode);
         * fichier: signed with the IBAN form here, collected by the syndic's remise to its bank.
         */
        provider: z.enum(['sandbox', 'stripe', 'fichier']).nullable().default(null),
      }),
    ),
  }),
  startSepaMandateSetup: defineEndpoint({
    method: 'POST',
    path: '/finances/coproprietes/:coproId/coproprietaires/:id/sepa-mandate/setup-session',
    summary: 'With Stripe: a Checkout session in setup mode where the co-owner signs the SEPA mandate',
    tags: ['finances'],
    params: coproAndOwner,
    response: okEnvelope(z.object({ url: z.string() })),
  }),
  saveSepaMandate: defineEndpoint({
    method: 'POST',
    path: '/finances/coproprietes/:coproId/coproprietaires/:id/sepa-mandate',
    summary: 'Sign a SEPA mandate that pays each new appel de fonds, with a notice before each debit',
    tags: ['finances'],
    params: coproAndOwner,
    body: sepaMandateBody,
    response: okEnvelope(sepaMandateSchema),
  }),
  revokeSepaMandate: defineEndpoint({
    method: 'DELETE',
    path: '/finances/coproprietes/:coproId/coproprietaires/:id/sepa-mandate',
    summary: 'Revoke the saved SEPA mandate; the debits announced and not yet taken are cancelled',
    tags: ['finances'],
    params: coproAndOwner,
    response: okEnvelope(z.object({ revoked: z.boolean() })),
  }),
};
