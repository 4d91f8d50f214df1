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

export const dataForPaymentSchema = z.object({
  debits: z.array(payableItemSchema),
  credits: z.array(payableItemSchema),
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
};
