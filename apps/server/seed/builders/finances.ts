import type * as s from '../../src/db/schema/index.js';
import { type Given, type LinkOf, newRowId, type RowOf, uid } from './kit.js';

/** The accounts: years, charges and budgets, fund calls, payments and SEPA mandates. */

export type FinancialYearRow = RowOf<typeof s.financialYears>;
export type ChargeRow = RowOf<typeof s.charges>;
export type BudgetRow = RowOf<typeof s.budgets>;
export type ChargeInvoiceRow = RowOf<typeof s.chargeInvoices>;
export type VerificationStatusRow = LinkOf<typeof s.verificationStatus>;
export type BillRow = RowOf<typeof s.bills>;
export type BillLotLineRow = RowOf<typeof s.billLotLines>;
export type PaymentRequestRow = RowOf<typeof s.paymentRequests>;
export type SepaMandateRow = RowOf<typeof s.sepaMandates>;
export type PaymentTransactionRow = RowOf<typeof s.paymentTransactions>;
export type PaymentAllocationRow = RowOf<typeof s.paymentAllocations>;

/** A calendar year, 2026 unless told. */
export function financialYearRow(v: Given<FinancialYearRow, 'copropriete_id'>): FinancialYearRow {
  const year = v.year ?? 2026;
  return {
    id: newRowId(),
    couple: String(year),
    start_date: `${year}-01-01`,
    end_date: `${year}-12-31`,
    ...v,
    year,
  };
}

export const chargeRow = (v: Given<ChargeRow, 'copropriete_id' | 'repartition_id'>): ChargeRow => ({
  id: newRowId(),
  code: `C${uid()}`,
  name: 'Entretien courant',
  ...v,
});

export const budgetRow = (
  v: Given<BudgetRow, 'financial_year_id' | 'charge_id' | 'amount_cents'>,
): BudgetRow => ({ id: newRowId(), ...v });

export const chargeInvoiceRow = (
  v: Given<ChargeInvoiceRow, 'charge_id' | 'financial_year_id' | 'amount_cents'>,
): ChargeInvoiceRow => ({ id: newRowId(), ecriture_description: 'Facture', date: '2026-03-15', ...v });

export const verificationStatusRow = (v: VerificationStatusRow): VerificationStatusRow => ({ ...v });

export const billRow = (v: Given<BillRow, 'copropriete_id' | 'total_cents'>): BillRow => ({
  id: newRowId(),
  name: 'Appel de fonds',
  date: '2026-07-01',
  bill_type: 'fonctionnement',
  ...v,
});

export const billLotLineRow = (
  v: Given<BillLotLineRow, 'bill_id' | 'lot_id' | 'repartition_id' | 'amount_cents'>,
): BillLotLineRow => ({ id: newRowId(), ...v });

export const paymentRequestRow = (
  v: Given<PaymentRequestRow, 'coproprietaire_id' | 'debits' | 'pay_amount_cents'>,
): PaymentRequestRow => ({ id: newRowId(), credits: [], provider: 'sandbox', ...v });

export const sepaMandateRow = (v: Given<SepaMandateRow, 'coproprietaire_id'>): SepaMandateRow => ({
  id: newRowId(),
  reference: `RUM-${uid().toUpperCase()}`,
  account_holder: 'Titulaire du compte',
  iban_prefix: 'FR76',
  iban_last4: '0000',
  ...v,
});

/** A card payment received now, without fee, unless told. */
export function paymentTransactionRow(
  v: Given<PaymentTransactionRow, 'coproprietaire_id' | 'amount_cents'>,
): PaymentTransactionRow {
  return { id: newRowId(), net_cents: v.amount_cents - (v.fee_cents ?? 0), date: new Date(), ...v };
}

export const paymentAllocationRow = (
  v: Given<PaymentAllocationRow, 'payment_transaction_id' | 'ledger_line_id' | 'amount_cents'>,
): PaymentAllocationRow => ({ id: newRowId(), ...v });
