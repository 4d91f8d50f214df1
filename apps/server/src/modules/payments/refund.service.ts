import type Stripe from 'stripe';
import { queueCoproprietaireEvent } from '../syndic-api/webhooks/webhooks.service.js';
import { todayInParis } from './credit.service.js';
import * as lettrage from './lettrage.repo.js';
import { productLineExternalId, refund, sharesPayload } from './lettrage.service.js';
import type { PaymentRequestRow, Tx } from './payments.repo.js';

/**
 * A payment that failed after checkout (a delayed method refused): the syndic hears of it, with
 * the lines it was to settle named by the syndic's own external ids, as the other payment events.
 */
export async function paymentFailed(tx: Tx, request: PaymentRequestRow) {
  const syndicId = await lettrage.syndicOfCoproprietaire(tx, request.coproprietaire_id);
  const ext = syndicId
    ? await lettrage.lineExternalIds(
        tx,
        syndicId,
        request.debits.map((d) => d.id),
      )
    : new Map<string, string>();
  await queueCoproprietaireEvent(tx, request.coproprietaire_id, 'payment.failed', {
    payment_request: {
      id: request.id,
      amount_cents: request.pay_amount_cents,
      currency: request.currency,
      debits: request.debits,
    },
    lines: request.debits.map((d) => ({
      ledger_line: { id: d.id, external_id: ext.get(d.id) ?? null },
      amount_cents: d.amount,
    })),
  });
}

/**
 * The provider refunded (part of) a card payment: the debits it settled reopen by what was
 * refunded (rules in lettrage.service `refund`), and the syndic hears which ones.
 */
export async function refunded(
  tx: Tx,
  charge: Pick<Stripe.Charge, 'payment_intent' | 'amount_refunded'>,
  lineName?: string,
): Promise<'refunded' | 'ignored'> {
  const intent =
    typeof charge.payment_intent === 'string' ? charge.payment_intent : charge.payment_intent?.id;
  if (!intent) return 'ignored';
  const payment = await lettrage.findPaymentByProviderId(tx, intent);
  if (!payment) return 'ignored';
  const done = await refund(tx, payment, charge.amount_refunded, todayInParis(), lineName);
  if (!done) return 'ignored';
  const syndicId = await lettrage.syndicOfCopropriete(tx, done.card.copropriete_id);
  const refundExternalId = productLineExternalId('remboursement', done.refundLine.id);
  if (syndicId) await lettrage.registerProductLine(tx, syndicId, refundExternalId, done.refundLine.id);
  await queueCoproprietaireEvent(tx, payment.coproprietaire_id, 'payment.refunded', {
    payment: {
      id: payment.id,
      amount_cents: payment.amount_cents,
      refunded_cents: charge.amount_refunded,
      currency: payment.currency,
      ledger_line: { id: done.card.id, external_id: productLineExternalId('paiement', payment.id) },
    },
    refund: {
      amount_cents: done.delta,
      ledger_line: { id: done.refundLine.id, external_id: refundExternalId },
    },
    reopened: (await sharesPayload(tx, syndicId, done.shares)).map((s) => ({
      ...s,
      amount_cents: -s.amount_cents,
    })),
  });
  return 'refunded';
}
