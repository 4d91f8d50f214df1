import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ledgerOf, makePayingOwner, requestsOf, transactionsOf } from '../../test/factories.payments.js';
import { createTestApp, json, type TestApp } from '../../test/harness.js';
import { allLines, type Owner } from '../../test/payments.fixture.js';
import {
  postStripeEvent,
  type StripeStandIn,
  startStripeStandIn,
  stripeEnv,
} from '../../test/stripe-standin.js';

/** The Stripe adapter against the local server speaking Stripe's protocol (test/stripe-standin.ts). */
const FEE = 1_242;
const WEBHOOK_SECRET = 'whsec_test_standin';
let stand: StripeStandIn;
let t: TestApp;
beforeAll(async () => {
  stand = await startStripeStandIn({ fee: FEE });
  t = await createTestApp({ env: stripeEnv(stand, WEBHOOK_SECRET) });
});
afterAll(async () => {
  await t.close();
  await stand.close();
});
beforeEach(() => {
  stand.reset();
});

const generate = (o: Owner) =>
  t.app.inject({
    method: 'POST',
    url: `${o.path}/generate-session-payment-request-by-stripe`,
    headers: o.headers,
    payload: allLines(o),
  });

const signedPost = (event: object, secret = WEBHOOK_SECRET) => postStripeEvent(t.app, event, secret);

describe('Stripe adapter against a local stand-in', () => {
  it("check-stripe-ready reads charges_enabled of the syndic's connected account", async () => {
    const ready = await makePayingOwner(t.app.db);
    const off = await makePayingOwner(t.app.db, { accountId: 'acct_test_restricted' });
    const url = (o: Owner) => `/api/finances/coproprietes/${o.copro.id}/check-stripe-ready`;
    expect(json(await t.app.inject({ url: url(ready), headers: ready.headers })).data).toEqual({
      ready: true,
    });
    expect(json(await t.app.inject({ url: url(off), headers: off.headers })).data).toEqual({ ready: false });
    expect(stand.seen.map((s) => `${s.method} ${s.path}`)).toEqual([
      'GET /v1/accounts/acct_test_ready',
      'GET /v1/accounts/acct_test_restricted',
    ]);
  });

  it('creates the Checkout Session on the connected account with an idempotency key per payment request', async () => {
    const o = await makePayingOwner(t.app.db);
    const res = await generate(o);
    expect(res.statusCode, res.body).toBe(200);
    const id = stand.lastSession;
    expect(json(res).data).toEqual({
      publicKey: 'pk_test_standin',
      sessionId: id,
      accountId: 'acct_test_ready',
      url: `https://checkout.stripe.com/c/pay/${id}`,
    });
    const [req] = await requestsOf(t.app.db, o.owner.id);
    expect(req).toMatchObject({ provider: 'stripe', session_id: id, pay_amount_cents: 81_125 });
    const create = stand.seen.find((s) => s.path === '/v1/checkout/sessions');
    expect(create?.headers['stripe-account']).toBe('acct_test_ready');
    expect(create?.headers['idempotency-key']).toBe(`payment-request-${req.id}`);
    expect(create?.headers.authorization).toBe('Bearer sk_test_standin');
    const b = create?.body;
    expect(b?.get('mode')).toBe('payment');
    expect(b?.get('line_items[0][price_data][unit_amount]')).toBe('81125');
    expect(b?.get('line_items[0][price_data][currency]')).toBe('eur');
    expect(b?.get('metadata[payment_request_id]')).toBe(req.id);
    expect(b?.get('client_reference_id')).toBe(req.id);
    expect(b?.get('success_url')).toBe(
      `https://extranet.example.fr/${o.owner.id}/facture-v2?session_id={CHECKOUT_SESSION_ID}&stripe_payment_success=1`,
    );
    expect(b?.get('cancel_url')).toContain('stripe_payment_success=0');
    // SEPA direct debit beside the card, with the mandate's reference prefix.
    expect(b?.get('allowed_payment_method_types[0]')).toBe('card');
    expect(b?.get('allowed_payment_method_types[1]')).toBe('sepa_debit');
    expect(b?.get('payment_method_options[sepa_debit][mandate_options][reference_prefix]')).toBe('TANTIEME');
  });

  it('a SEPA debit: completed unpaid is processing, async_payment_succeeded credits it as a SEPA debit', async () => {
    const o = await makePayingOwner(t.app.db);
    const sessionId = json(await generate(o)).data.sessionId;
    const session = (status: string) => ({
      id: sessionId,
      object: 'checkout.session',
      amount_total: 81_125,
      currency: 'eur',
      payment_status: status,
      payment_intent: 'pi_standin_sepa',
    });
    const event = (id: string, type: string, status: string) => ({
      id,
      object: 'event',
      type,
      account: 'acct_test_ready',
      created: Math.floor(Date.now() / 1000),
      data: { object: session(status) },
    });
    const pending = await signedPost(event('evt_standin_sepa_1', 'checkout.session.completed', 'unpaid'));
    expect(json(pending).data.outcome).toBe('pending');
    expect((await requestsOf(t.app.db, o.owner.id))[0]).toMatchObject({
      status: 'processing',
      payment_method: 'sepa_debit',
    });
    expect(await transactionsOf(t.app.db, o.owner.id)).toHaveLength(0);
    const done = await signedPost(
      event('evt_standin_sepa_2', 'checkout.session.async_payment_succeeded', 'paid'),
    );
    expect(json(done).data.outcome).toBe('credited');
    const [tx] = await transactionsOf(t.app.db, o.owner.id);
    expect(tx).toMatchObject({ payment_method: 'sepa_debit', provider_payment_id: 'pi_standin_sepa' });
    // A failure arriving after the success is ignored: money never goes backwards.
    const late = await signedPost(
      event('evt_standin_sepa_3', 'checkout.session.async_payment_failed', 'unpaid'),
    );
    expect(json(late).data.outcome).toBe('ignored');
    expect((await ledgerOf(t.app.db, o.owner.id)).find((l) => l.id === o.q3.id)?.remaining_cents).toBe(0);
  });

  it('answers COPRO_STRIPE_INVALID when the account cannot take charges', async () => {
    const o = await makePayingOwner(t.app.db, { accountId: 'acct_test_restricted' });
    const res = await generate(o);
    expect(json(res).code).toBe('COPRO_STRIPE_INVALID');
    expect(stand.seen.some((s) => s.path === '/v1/checkout/sessions')).toBe(false);
  });

  it("maps Stripe's amount_too_small to AMOUNT_MINUMUM", async () => {
    const o = await makePayingOwner(t.app.db);
    stand.sessionReply = {
      status: 400,
      body: {
        error: { type: 'invalid_request_error', code: 'amount_too_small', message: 'Amount too small' },
      },
    };
    const res = await generate(o);
    expect(res.statusCode).toBe(400);
    expect(json(res)).toMatchObject({
      code: 'AMOUNT_MINUMUM',
      errors: { minimum: 'AMOUNT_MINUMUM:0.5_eur' },
    });
    expect((await requestsOf(t.app.db, o.owner.id))[0].status).toBe('failed');
  });

  it('maps any other Stripe failure to the generic invalid request', async () => {
    const o = await makePayingOwner(t.app.db);
    stand.sessionReply = { status: 400, body: { error: { type: 'invalid_request_error', message: 'nope' } } };
    const res = await generate(o);
    expect(res.statusCode).toBe(502);
    expect(json(res)).toMatchObject({
      code: 'PAYMENT_PROVIDER_ERROR',
      message: 'Votre demande est invalide. Veuillez réessayer.',
    });
  });

  it('credits from a signed checkout.session.completed with the fee and net of the charge', async () => {
    const o = await makePayingOwner(t.app.db);
    const sessionId = json(await generate(o)).data.sessionId;
    stand.reset();
    const event = {
      id: 'evt_standin_1',
      object: 'event',
      type: 'checkout.session.completed',
      account: 'acct_test_ready',
      created: Math.floor(Date.now() / 1000),
      data: {
        object: {
          id: sessionId,
          object: 'checkout.session',
          amount_total: 81_125,
          currency: 'eur',
          payment_status: 'paid',
          payment_intent: 'pi_standin_1',
        },
      },
    };
    // Signed with another secret: refused.
    const bad = await signedPost(event, 'whsec_someone_else');
    expect(bad.statusCode).toBe(400);
    expect(json(bad).code).toBe('WEBHOOK_SIGNATURE_INVALID');

    const [a, b] = await Promise.all([signedPost(event), signedPost(event)]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    const txs = await transactionsOf(t.app.db, o.owner.id);
    expect(txs).toHaveLength(1);
    expect(txs[0]).toMatchObject({
      amount_cents: 81_125,
      fee_cents: FEE,
      net_cents: 81_125 - FEE,
      currency: 'eur',
      payment_method: 'card',
    });
    const pi = stand.seen.find((s) => s.path === '/v1/payment_intents/pi_standin_1');
    expect(pi?.headers['stripe-account']).toBe('acct_test_ready');
    const lines = await ledgerOf(t.app.db, o.owner.id);
    expect(lines.filter((l) => l.payment_transaction_id)).toHaveLength(1);
    expect(lines.find((l) => l.id === o.q3.id)?.remaining_cents).toBe(0);
  });
});
