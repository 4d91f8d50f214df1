import { z } from 'zod';
import { PAYMENT_TRANSACTIONS_PAGE_SIZE } from '../constants.js';
import { defineEndpoint } from '../endpoint.js';
import { idField } from '../fields.js';
import { okEnvelope } from '../envelope.js';

/**
 * Finances: account statement, bills, bill breakdowns, payment transactions (SPEC §2.8, §3, §7).
 * Every money value in these responses is an integer number of cents (decision 15 in docs/decisions/);
 * the web formats it with `formatCents`.
 */

const cents = z.number().int();
const id = idField;

export const coproOwnerParams = z.object({ coproId: id, id });
export const coproprietaireParams = z.object({ id });

/** SPEC §3 Ledger line (bill or payment). `remaining` 0 means settled ('soldée'). */
export const ledgerLineSchema = z.object({
  id: z.string(),
  name: z.object({ fr: z.string() }),
  /** YYYY-MM-DD */
  date: z.string(),
  amount: cents,
  remaining: cents,
  amount_type: z.enum(['debit', 'credit']),
  /** fonctionnement | fond_travaux | travaux | other */
  bill_type: z.string(),
  /** The bill a debit line calls for (opens its breakdown), else null. */
  bill_id: z.string().nullable(),
  /** On the line of a succeeded product payment: the payment, whose receipt can be downloaded. */
  payment_id: z.string().optional(),
  /** How that payment was made. */
  payment_method: z.enum(['card', 'sepa_debit']).optional(),
  /** A debit a SEPA direct debit under way will settle ('en cours de prélèvement'): not payable. */
  collecting: z.boolean().optional(),
  /** When that debit is (or was) taken, YYYY-MM-DD. */
  collect_on: z.string().optional(),
});
export type LedgerLine = z.infer<typeof ledgerLineSchema>;

export const ledgerSchema = z.object({
  /** Balance of the account: positive = owed (débiteur), negative = credit (créditeur). */
  solde: cents,
  /** The open lines (remaining > 0). */
  lines: z.array(ledgerLineSchema),
  /** The co-owner's lots, sorted by name: the lot_ids a bill breakdown is asked for. */
  lots: z.array(z.object({ id: z.string(), name: z.string(), type_name: z.string() })),
});
export type Ledger = z.infer<typeof ledgerSchema>;

/** A bill (appel de fonds) as the co-owner's share of it, for the Réglées / Non réglées tabs. */
export const ownerBillSchema = z.object({
  id: z.string(),
  ledger_line_id: z.string(),
  name: z.object({ fr: z.string() }),
  date: z.string(),
  bill_type: z.string(),
  amount: cents,
  remaining: cents,
});
export type OwnerBill = z.infer<typeof ownerBillSchema>;

export const billDetailsBody = z.object({
  lot_ids: z.array(id).min(1).max(200),
});

/** SPEC §3 Bill detail per lot. Ratios are percentages of the parent (lot of the lots asked, repartition of the lot, charge of the repartition). */
export const billLotDetailSchema = z.object({
  id: z.string(),
  name: z.string(),
  type_name: z.string(),
  total: cents,
  ratio: z.number(),
  repartitions: z.array(
    z.object({
      id: z.string(),
      name: z.object({ fr: z.string() }),
      total: cents,
      ratio: z.number(),
      charges: z.array(z.object({ id: z.string(), name: z.object({ fr: z.string() }), total: cents })),
    }),
  ),
});
export type BillLotDetail = z.infer<typeof billLotDetailSchema>;

export const billDetailsSchema = z.object({
  bill: z.object({
    id: z.string(),
    name: z.object({ fr: z.string() }),
    date: z.string(),
    bill_type: z.string(),
  }),
  lots: z.array(billLotDetailSchema),
});
export type BillDetails = z.infer<typeof billDetailsSchema>;

/** SPEC §3 Payment transaction. */
export const paymentTransactionSchema = z.object({
  id: z.string(),
  amount: cents,
  fee: cents,
  net: cents,
  currency: z.string(),
  /** ISO date-time */
  date: z.string(),
  /** Comma list of card, check, cash, other. */
  payment_method: z.string(),
  transfer_destination: z.object({ name: z.string().nullable() }),
  description: z.string().nullable(),
});
export type PaymentTransaction = z.infer<typeof paymentTransactionSchema>;

export const paymentTransactionsQuery = z.object({
  page_size: z.coerce.number().int().min(1).max(100).default(PAYMENT_TRANSACTIONS_PAGE_SIZE),
  page_state: z.string().max(200).optional(),
});

export const paymentTransactionsPageSchema = z.object({
  data: z.array(paymentTransactionSchema),
  /** Cursor of the next page; null when this was the last one. */
  pageState: z.string().nullable(),
});

const tags = ['finances'];

export const financeEndpoints = {
  ledger: defineEndpoint({
    method: 'GET',
    path: '/finances/coproprietes/:coproId/coproprietaires/:id/ledger',
    summary: "The co-owner's open ledger lines and balance (Situation de compte)",
    tags,
    params: coproOwnerParams,
    response: okEnvelope(ledgerSchema),
  }),
  account: defineEndpoint({
    method: 'GET',
    path: '/finances/coproprietaires/:id/account',
    summary: "A co-owner record's copropriété, for pages whose route names the record only (syndic preview)",
    tags,
    params: coproprietaireParams,
    response: okEnvelope(z.object({ coproprietaire_id: z.string(), copropriete_id: z.string() })),
  }),
  ledgerSettled: defineEndpoint({
    method: 'GET',
    path: '/finances/coproprietes/:coproId/coproprietaires/:id/ledger/settled',
    summary: "The co-owner's settled ledger lines ('Voir les lignes soldées')",
    tags,
    params: coproOwnerParams,
    response: okEnvelope(z.array(ledgerLineSchema)),
  }),
  paidBills: defineEndpoint({
    method: 'GET',
    path: '/finances/coproprietes/:coproId/coproprietaires/:id/paid-bills',
    summary: 'Bills the co-owner has paid (Réglées)',
    tags,
    params: coproOwnerParams,
    response: okEnvelope(z.array(ownerBillSchema)),
  }),
  unPaidBills: defineEndpoint({
    method: 'GET',
    path: '/finances/coproprietes/:coproId/coproprietaires/:id/un-paid-bills',
    summary: 'Bills the co-owner still owes (Non réglées)',
    tags,
    params: coproOwnerParams,
    response: okEnvelope(z.array(ownerBillSchema)),
  }),
  billDetails: defineEndpoint({
    method: 'POST',
    path: '/finances/coproprietes/:coproId/bills/:billId/get-details-provision-bill',
    summary: 'Breakdown of a bill per lot, repartition and charge',
    tags,
    params: z.object({ coproId: id, billId: id }),
    body: billDetailsBody,
    response: okEnvelope(billDetailsSchema),
  }),
  paymentTransactions: defineEndpoint({
    method: 'GET',
    path: '/finances/coproprietaires/:id/payment-transactions',
    summary: 'Payment transactions, newest first, paged by page_state',
    tags,
    params: coproprietaireParams,
    query: paymentTransactionsQuery,
    response: okEnvelope(paymentTransactionsPageSchema),
  }),
};
