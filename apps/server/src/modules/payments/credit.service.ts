import type Stripe from 'stripe';
import { AppError } from '../../http/errors.js';
import type { PaymentsAdapter } from '../../platform/payments/types.js';
import { queueCoproprietaireEvent } from '../syndic-api/webhooks/webhooks.service.js';
import * as lettrage from './lettrage.repo.js';
import { allocate, productLineExternalId, type Share, sharesPayload } from './lettrage.service.js';
import * as repo from './payments.repo.js';

/** Name of the credit line a card payment adds to the ledger. */
export const CARD_PAYMENT_LINE_NAME = 'Paiement par carte bancaire';
export const SEPA_PAYMENT_LINE_NAME = 'Prélèvement SEPA';
const lineName = (method: string) =>
  method === 'sepa_debit' ? SEPA_PAYMENT_LINE_NAME : CARD_PAYMENT_LINE_NAME;

export type CreditOutcome = 'credited' | 'duplicate' | 'ignored';

export const todayInParis = () =>
  new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Paris' }).format(new Date());

const providerPaymentId = (session: Stripe.Checkout.Session) =>
  typeof session.payment_intent === 'string' ? session.payment_intent : (session.payment_intent?.id ?? null);

/**
 * In one transaction: claim the event, record the payment transaction, add the credit line,
 * settle the chosen debits (credits used first, then the card amount, oldest debit first),
 * consume the credits used, mark the request paid. Every share is an allocation (lettrage), so
 * a later copy of the back office's books cannot reopen it. Whatever the card amount could not
 * settle (a debit already paid elsewhere) stays available on the new credit line.
 */
export async function credit(
  tx: repo.Tx,
  event: Stripe.Event,
  session: Stripe.Checkout.Session,
  details: Awaited<ReturnType<PaymentsAdapter['chargeDetails']>>,
): Promise<CreditOutcome> {
  if (!(await repo.claimEvent(tx, event.id, event.type))) return 'duplicate';
  const request = await repo.findRequestBySession(tx, session.id, { lock: true });
  if (!request || request.status === 'paid') return 'ignored';
  const now = new Date();
  const transaction = await repo.insertPaymentTransaction(tx, {
    coproprietaire_id: request.coproprietaire_id,
    payment_request_id: request.id,
    amount_cents: details.amountCents,
    fee_cents: details.feeCents,
    net_cents: details.netCents,
    currency: details.currency,
    date: now,
    payment_method: details.paymentMethod,
    description: lineName(details.paymentMethod),
    provider_payment_id: providerPaymentId(session),
  });
  if (!transaction) return 'ignored';

  const debits = await repo.openLinesByIds(
    tx,
    request.coproprietaire_id,
    'debit',
    request.debits.map((d) => d.id),
    { lock: true },
  );
  const credits = await repo.openLinesByIds(
    tx,
    request.coproprietaire_id,
    'credit',
    request.credits.map((c) => c.id),
    { lock: true },
  );
  const due = debits.reduce((s, d) => s + d.remaining_cents, 0);
  const used: Share[] = [];
  let settle = 0;
  for (const c of credits) {
    const use = Math.min(c.remaining_cents, due - settle);
    if (use <= 0) break;
    used.push({ line: c, amount: use });
    settle += use;
  }
  const cardUsed = Math.min(details.amountCents, due - settle);
  settle += cardUsed;
  const settled: Share[] = [];
  for (const d of debits) {
    if (settle <= 0) break;
    const pay = Math.min(d.remaining_cents, settle);
    settled.push({ line: d, amount: pay });
    settle -= pay;
  }
  await allocate(tx, transaction.id, [...used, ...settled]);

  const coproprieteId = await repo.coproprieteIdOf(tx, request.coproprietaire_id);
  if (!coproprieteId) throw new AppError('NOT_FOUND');
  const line = await repo.insertLedgerLine(tx, {
    coproprietaire_id: request.coproprietaire_id,
    copropriete_id: coproprieteId,
    payment_transaction_id: transaction.id,
    name: lineName(details.paymentMethod),
    date: todayInParis(),
    amount_cents: details.amountCents,
    remaining_cents: details.amountCents - cardUsed,
    amount_type: 'credit',
    bill_type: 'other',
  });
  const syndicId = await lettrage.syndicOfCopropriete(tx, coproprieteId);
  const lineExternalId = productLineExternalId('paiement', transaction.id);
  if (syndicId) await lettrage.registerProductLine(tx, syndicId, lineExternalId, line.id);
  await repo.updatePaymentRequest(tx, request.id, { status: 'paid', completed_at: now });
  if (!request.payment_method) await repo.setRequestMethod(tx, request.id, details.paymentMethod);
  // The syndic's software hears of it (webhook outbox, same transaction), with its lettrage.
  await queueCoproprietaireEvent(tx, request.coproprietaire_id, 'payment.succeeded', {
    payment: {
      id: transaction.id,
      amount_cents: details.amountCents,
      currency: request.currency,
      date: now.toISOString(),
      payment_method: details.paymentMethod,
      ledger_line: { id: line.id, external_id: lineExternalId },
      unallocated_cents: details.amountCents - cardUsed,
    },
    settled: await sharesPayload(tx, syndicId, settled),
    credits_used: await sharesPayload(tx, syndicId, used),
  });
  return 'credited';
}
