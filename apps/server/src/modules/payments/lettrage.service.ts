import { lettrageConflict, shownRemaining } from '@tantieme/contract';
import * as lettrage from './lettrage.repo.js';
import * as repo from './payments.repo.js';
import type { LedgerLineRow, Tx } from './payments.repo.js';

/** What a payment's allocations look like in the syndic's webhooks and API. */
export interface Share {
  line: Pick<LedgerLineRow, 'id' | 'remaining_cents' | 'office_remaining_cents'>;
  amount: number;
}

/** External ids the product gives the lines it makes (reserved prefix, see decision 91). */
export const productLineExternalId = (kind: 'paiement' | 'remboursement', id: string) =>
  `tantieme:${kind}:${id}`;
export const PRODUCT_PREFIX = 'tantieme:';

/**
 * Recomputes what back-office lines show from the back office's figure and the product
 * payments allocated to them (rules/lettrage.ts); the lines the product made are left alone.
 */
export async function recomputeLines(tx: Tx, lineIds: string[]) {
  const lines = await lettrage.officeLines(tx, lineIds);
  const sums = await lettrage.allocationSums(
    tx,
    lines.map((l) => l.id),
  );
  // A back-office credit booking a product payment (rules/lettrage.ts `booked`).
  const bookings = lines.filter((l) => l.amount_type === 'credit' && l.books_payment_id);
  const booked = await lettrage.paymentNetAmounts(
    tx,
    bookings.map((l) => l.books_payment_id as string),
  );
  const moved: { id: string; remaining: number }[] = [];
  for (const l of lines) {
    const s = sums.get(l.id) ?? { allocated: 0, unacknowledged: 0 };
    const shown = shownRemaining({
      amount: l.amount_cents,
      officeRemaining: l.office_remaining_cents ?? l.remaining_cents,
      ...s,
      booked: l.amount_type === 'credit' && l.books_payment_id ? (booked.get(l.books_payment_id) ?? 0) : 0,
    });
    if (shown !== l.remaining_cents) moved.push({ id: l.id, remaining: shown });
  }
  // Set-based: an import's delta recomputes thousands of lines at once.
  await lettrage.setRemainingMany(tx, moved);
}

/** The back-office lines among `lineIds` whose figure would reopen what a product payment settled. */
export async function conflictsOf(tx: Tx, lineIds: string[]) {
  const lines = await lettrage.officeLines(tx, lineIds);
  const sums = await lettrage.allocationSums(
    tx,
    lines.map((l) => l.id),
  );
  const out = new Map<string, { office: number; shown: number }>();
  for (const l of lines) {
    const s = sums.get(l.id);
    if (!s) continue;
    const input = { amount: l.amount_cents, officeRemaining: l.office_remaining_cents ?? 0, ...s };
    if (lettrageConflict(input))
      out.set(l.id, { office: input.officeRemaining, shown: shownRemaining(input) });
  }
  return out;
}

/**
 * Records a payment's shares of lines (negative for a refund): a line the product made moves
 * by the share itself, a back-office line is recomputed by the lettrage rule.
 */
export async function allocate(tx: Tx, paymentId: string, shares: Share[]) {
  await lettrage.insertAllocations(
    tx,
    shares.map((s) => ({
      payment_transaction_id: paymentId,
      ledger_line_id: s.line.id,
      amount_cents: s.amount,
    })),
  );
  for (const s of shares)
    if (s.line.office_remaining_cents === null)
      await lettrage.setRemaining(tx, s.line.id, s.line.remaining_cents - s.amount);
  await recomputeLines(
    tx,
    shares.filter((s) => s.line.office_remaining_cents !== null).map((s) => s.line.id),
  );
}

/**
 * `allocate` of many payments' shares at once (a bank statement settling thousands of debits):
 * the lines the product made move by the sum of their shares, the back-office lines are
 * recomputed by the lettrage rule; a fixed number of statements whatever their number.
 */
export async function allocateMany(tx: Tx, shares: (Share & { paymentId: string })[]) {
  await lettrage.insertAllocationsMany(
    tx,
    shares.map((s) => ({
      payment_transaction_id: s.paymentId,
      ledger_line_id: s.line.id,
      amount_cents: s.amount,
    })),
  );
  const moved = new Map<string, number>();
  for (const s of shares)
    if (s.line.office_remaining_cents === null)
      moved.set(s.line.id, (moved.get(s.line.id) ?? s.line.remaining_cents) - s.amount);
  await lettrage.setRemainingMany(
    tx,
    [...moved].map(([id, remaining]) => ({ id, remaining })),
  );
  await recomputeLines(tx, [
    ...new Set(shares.filter((s) => s.line.office_remaining_cents !== null).map((s) => s.line.id)),
  ]);
}

/**
 * `acknowledgePayment` of many payments at once (a back-office import booking them): four
 * statements whatever their number. Answers the ids this call acknowledged.
 */
export async function acknowledgePayments(tx: Tx, paymentIds: string[]) {
  const done = await lettrage.markAcknowledgedMany(tx, paymentIds);
  if (done.length) {
    const allocations = await lettrage.allocationsOf(tx, { payments: done });
    await recomputeLines(
      tx,
      allocations.map((a) => a.line_id),
    );
  }
  return new Set(done);
}

/** The back office has booked the payment: its figures include it from now on. Idempotent. */
export async function acknowledgePayment(tx: Tx, paymentId: string) {
  return (await acknowledgePayments(tx, [paymentId])).has(paymentId);
}

/** The lines a payment settled, as the syndic's webhooks name them (external_id when it has one). */
export async function sharesPayload(tx: Tx, syndicId: string | null, shares: Share[]) {
  const ext = syndicId
    ? await lettrage.lineExternalIds(
        tx,
        syndicId,
        shares.map((s) => s.line.id),
      )
    : new Map<string, string>();
  return shares
    .filter((s) => s.amount !== 0)
    .map((s) => ({
      ledger_line: { id: s.line.id, external_id: ext.get(s.line.id) ?? null },
      amount_cents: s.amount,
    }));
}

/**
 * A refund of `refundedTotal` cents in all: what was not yet refunded comes first off what the
 * card left unused, then reopens the debits it settled, latest first; a debit line records it
 * so the statement showing every line still adds up. Null when nothing new was refunded.
 */
export async function refund(
  tx: Tx,
  payment: { id: string; coproprietaire_id: string; refunded_cents: number },
  refundedTotal: number,
  today: string,
  name = 'Remboursement du paiement par carte',
) {
  const delta = refundedTotal - payment.refunded_cents;
  if (delta <= 0) return null;
  await lettrage.setRefunded(tx, payment.id, refundedTotal);
  const card = await lettrage.paymentLine(tx, payment.id);
  if (!card) return null;
  const fromLeftover = Math.min(delta, card.remaining_cents);
  if (fromLeftover > 0) await lettrage.setRemaining(tx, card.id, card.remaining_cents - fromLeftover);
  let rest = delta - fromLeftover;
  const allocations = await lettrage.allocationsOf(tx, { payments: [payment.id] });
  const net = new Map<string, number>();
  for (const a of allocations) net.set(a.line_id, (net.get(a.line_id) ?? 0) + a.amount_cents);
  const lines = await repo.linesByIds(tx, [...net.keys()]);
  const shares: Share[] = [];
  for (const line of lines.filter((l) => l.amount_type === 'debit').reverse()) {
    if (rest <= 0) break;
    const back = Math.min(rest, net.get(line.id) ?? 0);
    if (back <= 0) continue;
    shares.push({ line, amount: -back });
    rest -= back;
  }
  await allocate(tx, payment.id, shares);
  const refundLine = await repo.insertLedgerLine(tx, {
    coproprietaire_id: payment.coproprietaire_id,
    copropriete_id: card.copropriete_id,
    payment_transaction_id: payment.id,
    name,
    date: today,
    amount_cents: delta,
    remaining_cents: 0,
    amount_type: 'debit',
    bill_type: 'other',
  });
  return { delta, shares, refundLine, card };
}

/** The lettrage's reads, for the syndic API's views of a payment and a ledger. */
export const allocationsOf = lettrage.allocationsOf;
export const lineExternalIds = lettrage.lineExternalIds;
export const findProductPayment = lettrage.findProductPayment;
export const findPaymentByProviderId = lettrage.findPaymentByProviderId;
