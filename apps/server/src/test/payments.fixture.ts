import { expect } from 'vitest';
import type { SandboxAdapter } from '../platform/payments/sandbox.js';
import type { makePayingOwner } from './factories.payments.js';
import { json, type TestApp } from './harness.js';

/**
 * The co-owner's payment calls and the provider's webhook events of the payment tests, on the
 * embedded default adapter (the sandbox signs its events as Stripe does).
 */
export type Owner = Awaited<ReturnType<typeof makePayingOwner>>;

export const WEBHOOK = '/api/finances/stripe/webhook';

/** A Checkout Session's event, paid by default. */
export function sessionEvent(
  id: string,
  type: string,
  sessionId: string,
  v: { amount?: number; payment_status?: string; account?: string } = {},
) {
  return {
    id,
    object: 'event',
    type,
    account: v.account ?? 'acct_test_ready',
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    data: {
      object: {
        id: sessionId,
        object: 'checkout.session',
        amount_total: v.amount ?? 81_125,
        currency: 'eur',
        payment_status: v.payment_status ?? 'paid',
        payment_intent: `pi_${id}`,
      },
    },
  };
}

/** Both of the owner's quarters (412,50 € and 398,75 €), no credit. */
export const allLines = (o: Owner) => ({
  debits: [
    { id: o.q3.id, amount: 41_250 },
    { id: o.q4.id, amount: 39_875 },
  ],
  credits: [] as { id: string; amount: number }[],
  pay_amount: 81_125,
});

/** The calls, on the app `app()` gives once the file's beforeAll made it. */
export function paymentCalls(app: () => TestApp) {
  const sign = (payload: string) => (app().app.platform.payments as SandboxAdapter).sign(payload);

  function postEvent(event: object, signature?: string) {
    const payload = JSON.stringify(event);
    return app().app.inject({
      method: 'POST',
      url: WEBHOOK,
      headers: { 'content-type': 'application/json', 'stripe-signature': signature ?? sign(payload) },
      payload,
    });
  }

  function generate(o: Owner, body: object, headers = o.headers) {
    return app().app.inject({
      method: 'POST',
      url: `${o.path}/generate-session-payment-request-by-stripe`,
      headers,
      payload: body,
    });
  }

  async function startSession(o: Owner, body: object = allLines(o)) {
    const res = await generate(o, body);
    expect(res.statusCode, res.body).toBe(200);
    return json(res).data as { sessionId: string; publicKey: string; url: string; accountId?: string };
  }

  return { sign, postEvent, generate, startSession };
}
