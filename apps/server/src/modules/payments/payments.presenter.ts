import type { PayableItem } from '@tantieme/contract';
import type { LedgerLineRow } from './payments.repo.js';
import { ledgerAmountType } from '../finances/finances.presenter.js';

const sourceOf = (l: LedgerLineRow) => (l.bill_id ? 'bill' : l.payment_transaction_id ? 'payment' : 'ledger');

/** SPEC §3 Payable item: what is still owed on a debit, or still available on a credit. */
export function presentPayable(l: LedgerLineRow): PayableItem {
  return {
    id: l.id,
    amount: l.remaining_cents,
    type: ledgerAmountType(l.amount_type),
    created_date: String(l.date),
    compte_id: l.compte_id,
    source: sourceOf(l),
    description: l.name,
    checked: true,
  };
}
