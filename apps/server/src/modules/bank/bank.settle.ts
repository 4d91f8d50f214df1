/**
 * A bank credit settling a co-owner's debits: a payment (payment_transactions, method
 * 'virement'), its lettrage to the debits it settles (the designated ones, else the oldest
 * first: rules/bankMatching.ts), the credit on their statement for what is left, and the
 * écriture moving the money from 512 (matched on import) or 471 (matched by hand) to their 450.
 */
import { allocatePayment, billColumn } from '@tantieme/contract';
import type { Tx } from '../../db/client.js';
import { postIn } from '../journal/journal.service.js';
import { allocate } from '../payments/lettrage.service.js';
import * as repo from './bank.repo.js';

export const TRANSFER_LINE_NAME = 'Virement reçu';

/** The co-owner sub-account a debit of each statement column was called on. */
export const SUB_ACCOUNT = {
  fonctionnement: '4501',
  fond_travaux: '4505',
  travaux: '4502',
  other: '450',
} as const;

export interface SettleInput {
  coproprieteId: string;
  financialYearId: string;
  coproprietaireId: string;
  line: { id: string; date: string; amount_cents: number; name: string; reference: string };
  from: '512' | '471';
  designated?: string[];
}

export async function settle(tx: Tx, input: SettleInput) {
  const { line } = input;
  const debits = await repo.openDebits(tx, input.coproprieteId, [input.coproprietaireId], { lock: true });
  const { allocations, unallocated } = allocatePayment(
    line.amount_cents,
    debits.map((d) => ({ id: d.id, date: d.date, remaining: d.remaining_cents })),
    input.designated,
  );
  const paymentId = await repo.insertPayment(tx, {
    coproprietaire_id: input.coproprietaireId,
    amount_cents: line.amount_cents,
    net_cents: line.amount_cents,
    date: new Date(`${line.date}T12:00:00Z`),
    payment_method: 'virement',
    description: TRANSFER_LINE_NAME,
  });
  const byId = new Map(debits.map((d) => [d.id, d]));
  await allocate(
    tx,
    paymentId,
    allocations.map((a) => ({ line: byId.get(a.id) as (typeof debits)[number], amount: a.amount })),
  );
  const creditLineId = await repo.insertCreditLine(tx, {
    coproprietaire_id: input.coproprietaireId,
    copropriete_id: input.coproprieteId,
    payment_transaction_id: paymentId,
    name: TRANSFER_LINE_NAME,
    date: line.date,
    amount_cents: line.amount_cents,
    remaining_cents: unallocated,
    amount_type: 'credit',
    bill_type: 'other',
  });
  // Each debit's share comes off the sub-account it was called on; the rest stays on 450.
  const perAccount = new Map<string, number>();
  for (const a of allocations) {
    const account = SUB_ACCOUNT[billColumn(byId.get(a.id)?.bill_type)];
    perAccount.set(account, (perAccount.get(account) ?? 0) + a.amount);
  }
  if (unallocated > 0) perAccount.set('450', (perAccount.get('450') ?? 0) + unallocated);
  const credits = [...perAccount.entries()];
  const posted = await postIn(tx, {
    coproprieteId: input.coproprieteId,
    financialYearId: input.financialYearId,
    ecriture: {
      date: line.date,
      libelle: `${TRANSFER_LINE_NAME}${line.name ? ` de ${line.name}` : ''}`,
      piece: `banque:${line.id}`,
      source: 'banque',
      lines: [
        { account: input.from, debit: line.amount_cents, credit: 0 },
        ...credits.map(([account, amount]) => ({
          account,
          coproprietaireId: input.coproprietaireId,
          debit: 0,
          credit: amount,
        })),
      ],
    },
    ledgerLineIds: [null, ...credits.map(() => creditLineId)],
  });
  return { paymentId, ecritureId: posted.id, creditLineId, allocations, unallocated };
}
