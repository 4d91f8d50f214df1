import { ledgerLines, paymentAllocations, paymentTransactions } from '../src/db/schema/index.js';
import { addDays } from './clock.js';
import { newId, type SeedContext } from './context.js';
import type { CoproInfo, OwnerInfo } from './copro.js';
import { paymentAllocationRow, paymentTransactionRow } from './builders/finances.js';
import { ledgerLineRow } from './builders/rows.js';
import type { BillInfo, FinanceInfo, LedgerEntry } from './finances.js';

export type PayMethod = 'virement' | 'cheque' | 'prelevement' | 'card' | 'sepa' | 'check' | 'cash';

export interface PaymentOverride {
  method: PayMethod;
  /** Also record a payment transaction (what "Transactions" lists). */
  transaction?: boolean;
  /** Days after the call. */
  delay?: number;
}

export interface LedgerOptions {
  /** Per owner and call group: how that call was paid (else the owner's profile decides). */
  override?(owner: OwnerInfo, group: CallGroup): PaymentOverride | undefined;
  /** Account of the transfers ("Syndicat des copropriétaires …"). */
  destination: string;
}

export interface CallGroup {
  date: string;
  bills: BillInfo[];
  label: string;
  quarterly: boolean;
}

const CREDIT_NAME: Record<PayMethod, string> = {
  virement: 'Règlement par virement',
  cheque: 'Règlement par chèque',
  check: 'Règlement par chèque',
  prelevement: 'Prélèvement automatique',
  card: 'Paiement par carte bancaire en ligne',
  sepa: 'Prélèvement SEPA',
  cash: "Règlement en espèces à l'agence",
};

const TX_METHOD: Partial<Record<PayMethod, string>> = {
  card: 'card',
  sepa: 'sepa_debit',
  check: 'check',
  cash: 'cash',
};

/**
 * Each co-owner's account: a debit per call of funds (their share), and credits for their
 * payments. Settled lines have remaining_cents 0; unpaid calls keep their amount due; an
 * overpayment stays available as a credit.
 */
export function seedLedger(
  ctx: SeedContext,
  copro: CoproInfo,
  fin: FinanceInfo,
  opt: LedgerOptions,
): Map<string, LedgerEntry[]> {
  const { rng, clock } = ctx;
  const groups: CallGroup[] = [];
  for (const b of fin.bills) {
    let g = groups.find((x) => x.date === b.date);
    if (!g) {
      g = { date: b.date, bills: [], label: '', quarterly: false };
      groups.push(g);
    }
    g.bills.push(b);
  }
  for (const g of groups) {
    g.quarterly = g.bills.some((b) => b.type === 'fonctionnement');
    const f = g.bills.find((b) => b.type === 'fonctionnement');
    g.label = f
      ? `${f.name}${g.bills.some((b) => b.type === 'fond_travaux') ? ' et fonds de travaux' : ''}`
      : g.bills[0].name;
  }
  const quarterGroups = groups.filter((g) => g.quarterly);
  const result = new Map<string, LedgerEntry[]>();

  for (const owner of copro.owners) {
    const pay = owner.def.pay;
    const entries: LedgerEntry[] = [];
    const unpaidQuarterly = new Set(quarterGroups.slice(quarterGroups.length - (pay.unpaidQuarters ?? 0)));
    const firstUnpaid = [...unpaidQuarterly][0]?.date;
    const isUnpaid = (g: CallGroup) =>
      g.quarterly ? unpaidQuarterly.has(g) : !!pay.travauxUnpaid && !!firstUnpaid && g.date >= firstUnpaid;
    const paidGroups = groups.filter((g) => !isUnpaid(g));
    const lastPaid = paidGroups[paidGroups.length - 1];

    for (const g of groups) {
      const debits: LedgerEntry[] = [];
      for (const b of g.bills) {
        const amount = fin.share(owner, b);
        if (amount <= 0) continue;
        debits.push({
          id: newId(),
          name: b.name,
          date: b.date,
          amount,
          remaining: amount,
          type: 'debit',
          billType: b.type,
          billId: b.id,
        });
      }
      entries.push(...debits);
      const due = debits.reduce((s, d) => s + d.amount, 0);
      if (due === 0) continue;
      if (!isUnpaid(g)) {
        const o = opt.override?.(owner, g);
        const method: PayMethod = o?.method ?? pay.method;
        const delay =
          o?.delay ?? (method === 'prelevement' ? 4 : method === 'cheque' ? rng.int(8, 24) : rng.int(2, 14));
        let date = addDays(g.date, delay);
        if (date > clock.today) date = clock.today;
        const extra = g === lastPaid ? (pay.extraCents ?? 0) : 0;
        const credit: LedgerEntry = {
          id: newId(),
          name:
            method === 'cheque' || method === 'check'
              ? `${CREDIT_NAME[method]} n° ${rng.int(1_000_000, 9_999_999)}`
              : CREDIT_NAME[method],
          date,
          amount: due + extra,
          remaining: extra,
          type: 'credit',
          billType: 'other',
        };
        for (const d of debits) d.remaining = 0;
        const txMethod = TX_METHOD[method];
        if (o?.transaction && txMethod) {
          const txId = newId();
          const fee =
            txMethod === 'card' ? Math.round(credit.amount * 0.014) + 25 : txMethod === 'sepa_debit' ? 35 : 0;
          ctx.rows.add(
            paymentTransactions,
            paymentTransactionRow({
              id: txId,
              coproprietaire_id: owner.id,
              amount_cents: credit.amount,
              fee_cents: fee,
              net_cents: credit.amount - fee,
              currency: 'eur',
              date: clock.past(clock.paris(date, txMethod === 'card' ? '20:47' : '11:15')),
              payment_method: txMethod,
              transfer_destination_name: opt.destination,
              description: `${g.label} – ${copro.name}`,
              created_at: clock.past(clock.paris(date, '20:48')),
            }),
          );
          credit.paymentTransactionId = txId;
          // A payment made in Tantième (card or SEPA) settled its lines through the lettrage: its
          // receipt lists them and its total is what was paid, not an unexplained credit.
          if (txMethod === 'card' || txMethod === 'sepa_debit')
            ctx.rows.add(
              paymentAllocations,
              ...debits.map((d) =>
                paymentAllocationRow({
                  payment_transaction_id: txId,
                  ledger_line_id: d.id,
                  amount_cents: d.amount,
                }),
              ),
            );
        }
        entries.push(credit);
      } else if (g.date === firstUnpaid && pay.partialCents) {
        let left = Math.min(pay.partialCents, due - 1);
        const credit: LedgerEntry = {
          id: newId(),
          name: `${CREDIT_NAME[pay.method]} (règlement partiel)`,
          date: [addDays(g.date, 12), clock.today].sort()[0],
          amount: left,
          remaining: 0,
          type: 'credit',
          billType: 'other',
        };
        for (const d of debits) {
          const used = Math.min(left, d.remaining);
          d.remaining -= used;
          left -= used;
        }
        entries.push(credit);
      }
    }
    entries.sort((a, b) => a.date.localeCompare(b.date) || (a.type === 'debit' ? -1 : 1));
    ctx.rows.add(
      ledgerLines,
      ...entries.map((e) =>
        ledgerLineRow({
          id: e.id,
          coproprietaire_id: owner.id,
          copropriete_id: copro.id,
          bill_id: e.billId ?? null,
          payment_transaction_id: e.paymentTransactionId ?? null,
          name: e.name,
          date: e.date,
          amount_cents: e.amount,
          remaining_cents: e.remaining,
          amount_type: e.type,
          bill_type: e.billType,
          compte_id: owner.compte,
          created_at: clock.past(clock.paris(e.date, '08:00')),
        }),
      ),
    );
    result.set(owner.id, entries);
  }
  return result;
}
