import type { LedgerLine, OwnerBill, PaymentTransaction } from '@tantieme/contract';
import type { LedgerRow, PaymentTransactionRow } from './finances.repo.js';

/** A line's side as the statement shows it: a credit, or else a debit. */
export const ledgerAmountType = (raw: string): 'credit' | 'debit' => (raw === 'credit' ? 'credit' : 'debit');

/** Money leaves the server as integer cents (decision 15). */
export function presentLedgerLine(r: LedgerRow): LedgerLine {
  return {
    id: r.id,
    name: { fr: r.name },
    date: r.date,
    amount: r.amount_cents,
    remaining: Math.max(0, r.remaining_cents),
    amount_type: ledgerAmountType(r.amount_type),
    bill_type: r.bill_type,
    bill_id: r.bill_id,
    ...(r.payment_id && (r.payment_method === 'card' || r.payment_method === 'sepa_debit')
      ? { payment_id: r.payment_id, payment_method: r.payment_method }
      : {}),
    ...(r.collect_on && r.amount_type === 'debit' && r.remaining_cents > 0
      ? { collecting: true, collect_on: r.collect_on }
      : {}),
  };
}

export function presentOwnerBill(r: LedgerRow): OwnerBill {
  return {
    id: r.bill_id as string,
    ledger_line_id: r.id,
    name: { fr: r.name },
    date: r.date,
    bill_type: r.bill_type,
    amount: r.amount_cents,
    remaining: Math.max(0, r.remaining_cents),
  };
}

export function presentPaymentTransaction(r: PaymentTransactionRow): PaymentTransaction {
  return {
    id: r.id,
    amount: r.amount_cents,
    fee: r.fee_cents,
    net: r.net_cents,
    currency: r.currency,
    date: r.date.toISOString(),
    payment_method: r.payment_method,
    transfer_destination: { name: r.transfer_destination_name },
    description: r.description,
  };
}
