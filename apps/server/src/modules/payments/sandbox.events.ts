import type { FastifyInstance } from 'fastify';
import Stripe from 'stripe';
import { randomToken } from '../../lib/crypto.js';
import { SANDBOX_METHOD_KEY, type SandboxAdapter } from '../../platform/payments/sandbox.js';
import type { PaymentRequestRow } from './payments.repo.js';
import { WEBHOOK_PATH } from './webhook.routes.js';

/** What the sandbox tells the webhook, as Stripe would: which event, and what the session then says. */
export type Outcome =
  | { type: 'checkout.session.completed'; method: 'card' | 'sepa_debit' }
  | { type: 'checkout.session.expired' }
  | { type: 'checkout.session.async_payment_succeeded' | 'checkout.session.async_payment_failed' };

/**
 * Signs a Stripe-shaped event about one sandbox session and delivers it through the same webhook
 * code path as Stripe's deliveries, signature included. A SEPA debit completes unpaid.
 */
export function deliverSandboxEvent(
  app: FastifyInstance,
  adapter: SandboxAdapter,
  r: PaymentRequestRow,
  sessionId: string,
  outcome: Outcome,
) {
  const paid =
    (outcome.type === 'checkout.session.completed' && outcome.method === 'card') ||
    outcome.type === 'checkout.session.async_payment_succeeded';
  const method =
    'method' in outcome ? outcome.method : outcome.type.includes('async') ? 'sepa_debit' : 'card';
  const expired = outcome.type === 'checkout.session.expired';
  const session = {
    id: sessionId,
    object: 'checkout.session',
    amount_total: r.pay_amount_cents,
    currency: r.currency,
    client_reference_id: r.id,
    metadata: {
      payment_request_id: r.id,
      coproprietaire_id: r.coproprietaire_id,
      [SANDBOX_METHOD_KEY]: method,
    },
    mode: 'payment',
    payment_intent: expired ? null : `pi_sandbox_${randomToken(12)}`,
    payment_status: paid ? 'paid' : 'unpaid',
    status: expired ? 'expired' : 'complete',
  };
  const payload = JSON.stringify({
    id: `evt_sandbox_${randomToken(18)}`,
    object: 'event',
    api_version: Stripe.API_VERSION,
    account: r.account_id,
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type: outcome.type,
    data: { object: session },
  });
  return app.inject({
    method: 'POST',
    url: WEBHOOK_PATH,
    headers: { 'content-type': 'application/json', 'stripe-signature': adapter.sign(payload) },
    payload,
  });
}
