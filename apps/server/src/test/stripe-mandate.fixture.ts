import Stripe from 'stripe';
import { expect } from 'vitest';
import { makeLedgerLine, makePayingOwner } from './factories.payments.js';
import { createTestApp, json } from './harness.js';
import type { Owner } from './payments.fixture.js';
import { postStripeEvent, startStripeStandIn, stripeEnv } from './stripe-standin.js';

export type StripeMandateWorld = Awaited<ReturnType<typeof stripeMandateWorld>>;

const WEBHOOK_SECRET = 'whsec_test_mandate';
/** The fee of each charge, as the stand-in's balance transactions give it. */
export const MANDATE_FEE = 35;

/**
 * The saved SEPA mandate with Stripe (decision 149): an app on the Stripe adapter against the
 * stand-in, and the co-owner's calls and Stripe's signed webhooks the tests make. `stand.reset()`
 * before each test.
 */
export async function stripeMandateWorld() {
  const stand = await startStripeStandIn({ fee: MANDATE_FEE });
  const t = await createTestApp({ env: stripeEnv(stand, WEBHOOK_SECRET) });
  let events = 0;

  /** A Stripe event about the connected account; answers the webhook's outcome. */
  async function deliver(type: string, object: object) {
    events += 1;
    const res = await postStripeEvent(
      t.app,
      {
        id: `evt_standin_mandate_${events}`,
        object: 'event',
        api_version: Stripe.API_VERSION,
        account: 'acct_test_ready',
        created: Math.floor(Date.now() / 1000),
        livemode: false,
        pending_webhooks: 1,
        request: { id: null, idempotency_key: null },
        type,
        data: { object },
      },
      WEBHOOK_SECRET,
    );
    expect(res.statusCode, res.body).toBe(200);
    return json(res).data.outcome as string;
  }

  const read = async (o: Owner) =>
    json(await t.app.inject({ url: `${o.path}/sepa-mandate`, headers: o.headers })).data;
  const setupSession = (o: Owner) =>
    t.app.inject({ method: 'POST', url: `${o.path}/sepa-mandate/setup-session`, headers: o.headers });
  const metadataOf = (o: Owner) => ({
    purpose: 'sepa_mandate',
    coproprietaire_id: o.owner.id,
    user_id: o.user.id,
  });

  /** Paul signs in Checkout (setup mode); Stripe tells us by both events, in either order. */
  async function signInCheckout(o: Owner) {
    const res = await setupSession(o);
    expect(res.statusCode, res.body).toBe(200);
    const outcome = await deliver('checkout.session.completed', {
      id: stand.lastSession,
      object: 'checkout.session',
      mode: 'setup',
      status: 'complete',
      setup_intent: `seti_standin_${o.owner.id.slice(0, 8)}`,
      metadata: metadataOf(o),
    });
    expect(outcome).toBe('mandate');
    expect(
      await deliver('setup_intent.succeeded', {
        id: `seti_standin_${o.owner.id.slice(0, 8)}`,
        object: 'setup_intent',
        status: 'succeeded',
        metadata: metadataOf(o),
      }),
    ).toBe('mandate');
  }

  const newBill = (o: Owner, name: string, amount: number) =>
    makeLedgerLine(t.app.db, { ...o.base, name, date: '2027-01-01', amount_cents: amount });
  const payable = async (o: Owner) =>
    json(await t.app.inject({ url: `${o.path}/data-for-payment`, headers: o.headers })).data;
  const intentOf = (requestId: string, amount: number) => ({
    id: `pi_standin_${requestId.slice(0, 8)}`,
    object: 'payment_intent',
    amount,
    currency: 'eur',
    status: 'processing',
    metadata: { payment_request_id: requestId },
  });

  return {
    t,
    stand,
    owner: () => makePayingOwner(t.app.db),
    deliver,
    read,
    setupSession,
    signInCheckout,
    newBill,
    payable,
    intentOf,
    close: async () => {
      await t.close();
      await stand.close();
    },
  };
}
