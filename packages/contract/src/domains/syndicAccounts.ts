import { z } from 'zod';
import { BILL_TYPES } from '../constants.js';
import { okEnvelope } from '../envelope.js';
import {
  defineSyndicEndpoint,
  externalIdField,
  externalIdParams,
  syndicDay,
  syndicText,
} from './syndicApi.js';
import { deleteEndpoint, resourceEndpoints } from './syndicResourceEndpoints.js';

/** Accounts resources of the syndic API (amounts are integer cents, as everywhere: decision 15). */

const text = syndicText;
/** A calendar day: the format, and a day that exists (2026-02-30 is refused here, not by the database). */
const day = syndicDay;
const positiveCents = z
  .number()
  .int({ error: 'Montant en centimes (entier).' })
  .min(0, { error: 'Le montant ne peut pas être négatif.' })
  .max(1e11);

/** A charge account (601 Eau froide…) within a repartition; charge_type 1/2/3 of SPEC §3. */
export const chargeBody = z.object({
  copropriete: externalIdField,
  repartition: externalIdField,
  code: text(30),
  name: text(200),
  charge_type: z
    .union([z.literal(1), z.literal(2), z.literal(3)])
    .default(1)
    .meta({
      description:
        '1 = charges courantes du budget prévisionnel (loi 65-557 art. 14-1), 2 = travaux hors budget (art. 14-2), 3 = fonds de travaux ALUR (art. 14-2-1).',
    }),
});
export type ChargeBody = z.output<typeof chargeBody>;
export const chargeItem = chargeBody.extend({ external_id: externalIdField });
export const chargeResource = chargeItem.extend({ id: z.string() });

/** An exercice with its voted budget per charge. */
const financialYearBase = z.object({
  copropriete: externalIdField,
  year: z.number().int().min(1990).max(2100),
  /** Display label: "2025" or "2024-2025". */
  couple: text(20),
  start_date: day,
  end_date: day,
  closed: z.boolean().default(false),
  budgets: z
    .array(z.object({ charge: externalIdField, voted_cents: positiveCents }))
    .max(2000)
    .default([]),
});
const yearChecks = <T extends z.ZodType<{ start_date: string; end_date: string }>>(s: T) =>
  s.refine((v) => v.start_date <= v.end_date, { path: ['end_date'], error: 'La fin précède le début.' });
export const financialYearBody = yearChecks(financialYearBase);
export type FinancialYearBody = z.output<typeof financialYearBase>;
export const financialYearItem = yearChecks(financialYearBase.extend({ external_id: externalIdField }));
export const financialYearResource = financialYearBase.extend({ id: z.string(), external_id: z.string() });

/** A fund call (appel de fonds) or other bill, with its breakdown per lot, repartition and charge. */
export const billBody = z.object({
  copropriete: externalIdField,
  financial_year: externalIdField.nullable().default(null),
  name: text(200),
  date: day,
  bill_type: z.enum(BILL_TYPES),
  total_cents: positiveCents,
  lines: z
    .array(
      z.object({
        lot: externalIdField,
        repartition: externalIdField,
        charge: externalIdField.nullable().default(null),
        amount_cents: positiveCents,
      }),
    )
    .max(20000)
    .default([]),
});
export type BillBody = z.output<typeof billBody>;
export const billItem = billBody.extend({ external_id: externalIdField });
export const billResource = billItem.extend({ id: z.string() });

/**
 * One line of a co-owner's account: a debit (fund call…) or a credit (a payment received outside
 * the product: cheque, transfer, cash, direct debit). `remaining_cents` is what is still owed on a
 * debit or available on a credit (0 = settled); null means the whole amount.
 */
const ledgerLineBase = z.object({
  coproprietaire: externalIdField,
  date: day,
  name: text(200),
  amount_type: z.enum(['debit', 'credit']),
  amount_cents: positiveCents,
  remaining_cents: positiveCents.nullable().default(null),
  bill: externalIdField.nullable().default(null),
  bill_type: z.enum(BILL_TYPES).default('other'),
  /** For a credit: how the syndic received the money. */
  payment_method: z.enum(['cheque', 'transfer', 'cash', 'direct_debit', 'other']).nullable().default(null),
  /**
   * For a credit: the product payment (card) this line books in the back office. Sending it
   * acknowledges the payment, as `POST /payments/{id}/acknowledge` does.
   */
  payment_id: z.guid({ error: 'Identifiant de paiement invalide.' }).nullable().default(null),
});
type LedgerShape = z.output<typeof ledgerLineBase>;
const ledgerChecks = <T extends z.ZodType<LedgerShape>>(s: T) =>
  s
    .refine((v) => v.remaining_cents === null || v.remaining_cents <= v.amount_cents, {
      path: ['remaining_cents'],
      error: 'Le reste dû ne peut pas dépasser le montant.',
    })
    .refine((v) => v.amount_type === 'credit' || v.payment_method === null, {
      path: ['payment_method'],
      error: 'Seul un crédit a un moyen de paiement.',
    })
    .refine((v) => v.amount_type === 'credit' || v.payment_id === null, {
      path: ['payment_id'],
      error: 'Seul un crédit enregistre un paiement.',
    });
export const ledgerLineBody = ledgerChecks(ledgerLineBase);
export type LedgerLineBody = LedgerShape;
export const ledgerLineItem = ledgerChecks(ledgerLineBase.extend({ external_id: externalIdField }));
/** A product payment's share of one line (lettrage): which payment, which line, how much. */
export const allocation = z.object({
  payment_id: z.string(),
  /** The line settled (debit) or used (credit); its external_id. */
  ledger_line: z.string().nullable(),
  amount_cents: z.number().int(),
  /** The back office acknowledged the payment (it is in its books). */
  acknowledged: z.boolean(),
});
export const ledgerLineResource = ledgerLineBase.extend({
  id: z.string(),
  external_id: z.string(),
  /** `back_office`: pushed by the syndic; `product`: a payment made in Tantième (read-only). */
  origin: z.enum(['back_office', 'product']),
  /** What the co-owner sees remaining: `remaining_cents` minus the unacknowledged product payments. */
  shown_remaining_cents: z.number().int(),
  /** Product payments allocated to this line; for a product payment line, the lines it settled. */
  allocations: z.array(allocation),
});
export type LedgerLineResource = z.infer<typeof ledgerLineResource>;

/** A product payment as the back office acknowledges it. */
export const paymentResource = z.object({
  id: z.string(),
  coproprietaire: z.string().nullable(),
  /** external_id of the payment's own credit line (listed by GET /ledger-lines). */
  ledger_line: z.string().nullable(),
  amount_cents: z.number().int(),
  refunded_cents: z.number().int(),
  currency: z.string(),
  date: z.string(),
  acknowledged_at: z.string().nullable(),
  allocations: z.array(allocation),
});

export const balanceResponse = z.object({
  coproprietaire: z.string(),
  /** The co-owner's statement balance, positive = owed (the same rule as their statement page). */
  balance_cents: z.number().int(),
  open_lines: z.number().int(),
  /** Lines the product created (card payments), which a push never changes. */
  product_lines: z.number().int(),
});

export const syndicAccountsEndpoints = {
  charges: {
    ...resourceEndpoints('charges', 'Charges', chargeResource, chargeBody, chargeItem),
    delete: deleteEndpoint('charges', 'Charges'),
  },
  financialYears: {
    ...resourceEndpoints(
      'financial-years',
      'Financial years and voted budgets',
      financialYearResource,
      financialYearBody,
      financialYearItem,
    ),
    delete: deleteEndpoint('financial-years', 'Financial years and their voted budgets'),
  },
  bills: {
    ...resourceEndpoints(
      'bills',
      'Fund calls and bills with their per-lot breakdown',
      billResource,
      billBody,
      billItem,
    ),
    delete: deleteEndpoint('bills', 'Fund calls and bills'),
  },
  ledgerLines: {
    ...resourceEndpoints(
      'ledger-lines',
      "Co-owners' ledger lines",
      ledgerLineResource,
      ledgerLineBody,
      ledgerLineItem,
    ),
    delete: deleteEndpoint('ledger-lines', "Co-owners' ledger lines"),
  },
  acknowledgePayment: defineSyndicEndpoint({
    method: 'POST',
    path: '/syndic/v1/payments/:id/acknowledge',
    summary:
      'Acknowledge a product payment: the back office has booked it, so its remaining_cents now include it (idempotent)',
    scope: 'write',
    params: z.object({ id: z.guid({ error: 'Identifiant de paiement invalide.' }) }),
    response: okEnvelope(paymentResource),
  }),
  balance: defineSyndicEndpoint({
    method: 'GET',
    path: '/syndic/v1/coproprietaires/:external_id/balance',
    summary: "A co-owner's balance as their statement shows it",
    scope: 'read',
    params: externalIdParams,
    response: okEnvelope(balanceResponse),
  }),
};
