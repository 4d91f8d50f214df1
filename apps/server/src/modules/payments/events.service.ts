import type { FastifyInstance } from 'fastify';
import type Stripe from 'stripe';
import { MANDATE_SETUP_PURPOSE } from '../../platform/payments/types.js';
import { credit } from './credit.service.js';
import * as mandates from './mandate.repo.js';
import { mandateSetupSucceeded } from './mandate.stripe.service.js';
import * as repo from './payments.repo.js';
import { notifyReceipt } from './receipt.service.js';
import { refunded } from './refund.service.js';
import { debitFailed } from './sepa.service.js';
import * as sepa from './sepa.repo.js';

export type WebhookOutcome =
  | 'credited'
  | 'duplicate'
  | 'ignored'
  | 'cancelled'
  | 'pending'
  | 'refunded'
  | 'failed'
  | 'mandate';

const DISPUTE_LINE_NAME = 'Paiement contesté auprès de la banque';

/** A checkout that completed unpaid was a delayed method: with card and SEPA offered, a SEPA debit. */
const DELAYED_METHOD = 'sepa_debit';

/** Claims the event and, when the request still waits, marks its SEPA debit under way. */
async function pending(
  app: FastifyInstance,
  event: Stripe.Event,
  request: repo.PaymentRequestRow | undefined,
) {
  const waiting = request?.status === 'open' || request?.status === 'scheduled';
  const claimed = await app.db.transaction(async (tx) => {
    if (!(await repo.claimEvent(tx, event.id, event.type))) return false;
    if (waiting) await sepa.markProcessing(tx, request.id, DELAYED_METHOD);
    return true;
  });
  if (!claimed) return 'duplicate' as const;
  return waiting ? ('pending' as const) : ('ignored' as const);
}

/** The payment behind `session` succeeded: credit it once, tell the co-owner, send the receipt. */
async function settle(app: FastifyInstance, event: Stripe.Event, session: Stripe.Checkout.Session) {
  const request = await repo.findRequestBySession(app.db, session.id);
  if (!request || request.status === 'paid') return pending(app, event, undefined);
  // Provider call outside the transaction: fee, net and method of the charge.
  const details = await app.platform.payments!.chargeDetails(session, event.account ?? request.account_id);
  const outcome = await app.db.transaction(async (tx) => credit(tx, event, session, details));
  if (outcome === 'credited') {
    if (request.user_id)
      app.realtime.toUser(request.user_id, 'finances-updated', {
        coproprietaire_id: request.coproprietaire_id,
      });
    await notifyReceipt(app, request).catch((err) =>
      app.log.error({ err: (err as Error).message }, 'payments: receipt notice failed'),
    );
  }
  return outcome;
}

/** An expiry (open checkout) or a failed debit (SEPA, days later): never undoes a settled payment. */
async function close(app: FastifyInstance, event: Stripe.Event, sessionId: string, failed: boolean) {
  let afterCommit: (() => Promise<void>) | null = null;
  const outcome = await app.db.transaction(async (tx) => {
    if (!(await repo.claimEvent(tx, event.id, event.type))) return 'duplicate' as const;
    const request = await repo.findRequestBySession(tx, sessionId, { lock: true });
    // Money never goes backwards: a late expiry or failure never undoes a settled payment.
    if (!request || ['paid', 'cancelled', 'failed'].includes(request.status)) return 'ignored' as const;
    if (failed) {
      afterCommit = await debitFailed(app, tx, request);
      return 'failed' as const;
    }
    await repo.updatePaymentRequest(tx, request.id, { status: 'cancelled', completed_at: new Date() });
    return 'cancelled' as const;
  });
  await (afterCommit as (() => Promise<void>) | null)?.();
  return outcome;
}

/**
 * The payment request of an off-session debit on a saved mandate, its session id being the
 * PaymentIntent's (set here when its event outruns the round that created it). Checkout's own
 * PaymentIntents are left to the checkout.session events.
 */
async function mandateRequestOf(app: FastifyInstance, pi: Stripe.PaymentIntent) {
  const request = await mandates.mandateRequest(app.db, pi.metadata?.payment_request_id);
  if (!request || (request.session_id && request.session_id !== pi.id)) return null;
  if (!request.session_id) await mandates.setRequestSession(app.db, request.id, pi.id);
  return { ...request, session_id: pi.id };
}

/** What an off-session PaymentIntent says, in the shape the checkout path reads. */
const sessionOf = (pi: Stripe.PaymentIntent) =>
  ({
    id: pi.id,
    object: 'checkout.session',
    amount_total: pi.amount,
    currency: pi.currency,
    payment_intent: pi.id,
    payment_status: 'paid',
    metadata: pi.metadata,
  }) as unknown as Stripe.Checkout.Session;

/**
 * Applies one verified provider event. Exactly once per event id (webhook_events primary
 * key, claimed in the same transaction as the effect), and at most one credit per payment
 * request (status check under a row lock + unique payment_transactions.payment_request_id),
 * whatever the order in which events arrive. Checkout's events and the PaymentIntents of a
 * saved mandate go through the same settle / pending / close steps.
 */
export async function handleEvent(app: FastifyInstance, event: Stripe.Event): Promise<WebhookOutcome> {
  const db = app.db;
  if (await repo.eventSeen(db, event.id)) return 'duplicate';
  switch (event.type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded': {
      const session = event.data.object;
      if (session.mode === 'setup') {
        const si = typeof session.setup_intent === 'string' ? session.setup_intent : session.setup_intent?.id;
        return mandateSetupSucceeded(app, event, si ?? null, session.metadata ?? {});
      }
      const paid =
        session.payment_status === 'paid' || event.type === 'checkout.session.async_payment_succeeded';
      if (!paid) return pending(app, event, await repo.findRequestBySession(db, session.id));
      return settle(app, event, session);
    }
    case 'checkout.session.expired':
    case 'checkout.session.async_payment_failed':
      return close(app, event, event.data.object.id, event.type === 'checkout.session.async_payment_failed');
    case 'setup_intent.succeeded': {
      const si = event.data.object;
      if (si.metadata?.purpose !== MANDATE_SETUP_PURPOSE) break;
      return mandateSetupSucceeded(app, event, si.id, si.metadata);
    }
    case 'payment_intent.processing':
    case 'payment_intent.succeeded':
    case 'payment_intent.payment_failed': {
      const pi = event.data.object;
      const request = await mandateRequestOf(app, pi);
      if (!request) break;
      if (event.type === 'payment_intent.processing') return pending(app, event, request);
      if (event.type === 'payment_intent.succeeded') return settle(app, event, sessionOf(pi));
      return close(app, event, pi.id, true);
    }
    // A dispute (for a SEPA debit, the co-owner's bank taking the money back weeks later): the
    // whole payment is money that did not stay, its debits reopen once (refund's own guard).
    case 'charge.dispute.created':
      return db.transaction(async (tx) => {
        if (!(await repo.claimEvent(tx, event.id, event.type))) return 'duplicate' as const;
        const d = event.data.object;
        return refunded(
          tx,
          { payment_intent: d.payment_intent, amount_refunded: d.amount },
          DISPUTE_LINE_NAME,
        );
      });
    case 'charge.refunded':
      return db.transaction(async (tx) => {
        if (!(await repo.claimEvent(tx, event.id, event.type))) return 'duplicate' as const;
        return refunded(tx, event.data.object);
      });
  }
  const claimed = await repo.claimEvent(db, event.id, event.type);
  return claimed ? 'ignored' : 'duplicate';
}
