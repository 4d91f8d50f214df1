import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { notifications, outbox, sepaMandates } from '../../db/schema/index.js';
import {
  makeLedgerLine,
  makePayingOwner,
  requestsOf,
  transactionsOf,
} from '../../test/factories.payments.js';
import { createTestApp, json, type TestApp } from '../../test/harness.js';
import { runMandateRound } from './mandate.service.js';

/**
 * The saved SEPA mandate with Stripe (decision 149), against a local server speaking Stripe's
 * protocol (form-encoded requests, JSON answers, the connected account in Stripe-Account):
 * Checkout in setup mode, the mandate recorded from the signed webhooks, off-session
 * PaymentIntents whose webhooks hold, settle or reopen the lines, the PaymentMethod detached at
 * revocation.
 */
interface Seen {
  method: string;
  path: string;
  account: string | undefined;
  idempotency: string | undefined;
  body: URLSearchParams;
}
let stand: Server;
let seen: Seen[] = [];
let n = 0;
const FEE = 35;

function startStandIn(): Promise<number> {
  stand = createServer((req: IncomingMessage, res) => {
    let raw = '';
    req.on('data', (c) => {
      raw += c;
    });
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://x');
      const body = new URLSearchParams(raw);
      seen.push({
        method: req.method ?? '',
        path: url.pathname,
        account: req.headers['stripe-account'] as string | undefined,
        idempotency: req.headers['idempotency-key'] as string | undefined,
        body,
      });
      const send = (status: number, payload: object) => {
        res.writeHead(status, { 'content-type': 'application/json', 'request-id': 'req_standin' });
        res.end(JSON.stringify(payload));
      };
      const bad = (message: string) => send(400, { error: { type: 'invalid_request_error', message } });
      const p = url.pathname;
      const account = /^\/v1\/accounts\/([^/]+)$/.exec(p);
      if (req.method === 'GET' && account)
        return send(200, {
          id: account[1],
          object: 'account',
          charges_enabled: account[1] === 'acct_test_ready',
        });
      if (req.method === 'POST' && p === '/v1/customers') {
        n += 1;
        return send(200, { id: `cus_standin_${n}`, object: 'customer', email: body.get('email') });
      }
      if (req.method === 'POST' && p === '/v1/checkout/sessions') {
        // As Stripe: setup mode needs a customer here and SEPA with its mandate options.
        if (body.get('mode') !== 'setup') return bad('stand-in: setup sessions only');
        if (body.get('allowed_payment_method_types[0]') !== 'sepa_debit') return bad('sepa_debit expected');
        if (!body.get('customer')?.startsWith('cus_')) return bad('customer expected');
        if (!body.get('payment_method_options[sepa_debit][mandate_options][reference_prefix]'))
          return bad('mandate_options expected');
        n += 1;
        return send(200, {
          id: `cs_test_setup_${n}`,
          object: 'checkout.session',
          mode: 'setup',
          url: `https://checkout.stripe.com/c/pay/cs_test_setup_${n}`,
          customer: body.get('customer'),
        });
      }
      const si = /^\/v1\/setup_intents\/([^/]+)$/.exec(p);
      if (req.method === 'GET' && si)
        return send(200, {
          id: si[1],
          object: 'setup_intent',
          status: 'succeeded',
          payment_method: {
            id: `pm_${si[1]}`,
            object: 'payment_method',
            type: 'sepa_debit',
            billing_details: { name: 'Paul Durand' },
            sepa_debit: { country: 'FR', last4: '0189', bank_code: '30006' },
          },
          mandate: {
            id: 'mandate_standin',
            object: 'mandate',
            payment_method_details: {
              type: 'sepa_debit',
              sepa_debit: { reference: `TANTIEME-${si[1].slice(-8).toUpperCase()}` },
            },
          },
        });
      if (req.method === 'POST' && p === '/v1/payment_intents') {
        for (const k of ['payment_method', 'mandate', 'customer', 'metadata[payment_request_id]'])
          if (!body.get(k)) return bad(`${k} expected`);
        if (body.get('confirm') !== 'true' || body.get('off_session') !== 'true')
          return bad('an off-session debit is confirmed at once');
        return send(200, {
          id: `pi_standin_${body.get('metadata[payment_request_id]')?.slice(0, 8)}`,
          object: 'payment_intent',
          amount: Number(body.get('amount')),
          currency: body.get('currency'),
          status: 'processing',
          metadata: { payment_request_id: body.get('metadata[payment_request_id]') },
        });
      }
      const pi = /^\/v1\/payment_intents\/([^/]+)$/.exec(p);
      if (req.method === 'GET' && pi)
        return send(200, {
          id: pi[1],
          object: 'payment_intent',
          latest_charge: {
            id: 'ch_standin',
            object: 'charge',
            payment_method_details: { type: 'sepa_debit', sepa_debit: { last4: '0189' } },
            balance_transaction: { id: 'txn_standin', object: 'balance_transaction', fee: FEE, net: 0 },
          },
        });
      const detach = /^\/v1\/payment_methods\/([^/]+)\/detach$/.exec(p);
      if (req.method === 'POST' && detach)
        return send(200, { id: detach[1], object: 'payment_method', customer: null });
      return bad(`stand-in: unknown route ${req.method} ${p}`);
    });
  });
  return new Promise((resolve) =>
    stand.listen(0, '127.0.0.1', () => resolve((stand.address() as AddressInfo).port)),
  );
}

const WEBHOOK_SECRET = 'whsec_test_mandate';
let t: TestApp;
beforeAll(async () => {
  const port = await startStandIn();
  t = await createTestApp({
    env: {
      STRIPE_SECRET_KEY: 'sk_test_standin',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_standin',
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_HOST: '127.0.0.1',
      STRIPE_API_PORT: String(port),
      STRIPE_API_PROTOCOL: 'http',
      PUBLIC_URL: 'https://extranet.example.fr',
    },
  });
});
afterAll(async () => {
  await t.close();
  await new Promise((r) => stand.close(r));
});
beforeEach(() => {
  seen = [];
});

type Owner = Awaited<ReturnType<typeof makePayingOwner>>;
let events = 0;
/** A Stripe event about the connected account, signed as Stripe signs its deliveries. */
async function deliver(type: string, object: object) {
  events += 1;
  const payload = JSON.stringify({
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
  });
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/finances/stripe/webhook',
    headers: {
      'content-type': 'application/json',
      'stripe-signature': Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }),
    },
    payload,
  });
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
    id: `cs_test_setup_${n}`,
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

describe('a saved SEPA mandate with Stripe', () => {
  it('is offered, signed in Checkout in setup mode for a customer created once, and recorded once from the webhooks', async () => {
    const o = await makePayingOwner(t.app.db);
    expect(await read(o)).toEqual({ mandate: null, available: true, provider: 'stripe' });
    // The IBAN form is the sandbox's: with Stripe, the IBAN is given in Checkout only.
    const form = await t.app.inject({
      method: 'POST',
      url: `${o.path}/sepa-mandate`,
      headers: o.headers,
      payload: { account_holder: 'Paul Durand', iban: 'FR76 3000 6000 0112 3456 7890 189', accept: true },
    });
    expect(json(form).code).toBe('SEPA_MANDATE_UNAVAILABLE');

    const first = await setupSession(o);
    expect(json(first).data.url).toMatch(/^https:\/\/checkout\.stripe\.com\/c\/pay\/cs_test_setup_/);
    const second = await setupSession(o);
    expect(second.statusCode).toBe(200);
    const customers = seen.filter((s) => s.path === '/v1/customers');
    expect(customers).toHaveLength(1);
    expect(customers[0].account).toBe('acct_test_ready');
    const sessions = seen.filter((s) => s.path === '/v1/checkout/sessions');
    expect(sessions).toHaveLength(2);
    for (const s of sessions) {
      expect(s.account).toBe('acct_test_ready');
      expect(s.body.get('customer')).toBe(sessions[0].body.get('customer'));
      expect(s.body.get('customer')).toMatch(/^cus_standin_/);
      expect(s.body.get('metadata[coproprietaire_id]')).toBe(o.owner.id);
      expect(s.body.get('setup_intent_data[metadata][purpose]')).toBe('sepa_mandate');
      expect(s.body.get('success_url')).toBe(
        `https://extranet.example.fr/${o.owner.id}/settings?mandat_sepa=1`,
      );
    }

    await signInCheckout(o);
    const rows = await t.app.db
      .select()
      .from(sepaMandates)
      .where(eq(sepaMandates.coproprietaire_id, o.owner.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      provider: 'stripe',
      provider_payment_method_id: `pm_seti_standin_${o.owner.id.slice(0, 8)}`,
      provider_mandate_id: 'mandate_standin',
      provider_customer_id: sessions[0].body.get('customer'),
      reference: `TANTIEME-${o.owner.id.slice(0, 8).toUpperCase()}`,
      account_holder: 'Paul Durand',
    });
    expect((await read(o)).mandate).toMatchObject({
      iban: 'FR •••• 0189',
      reference: `TANTIEME-${o.owner.id.slice(0, 8).toUpperCase()}`,
    });
    expect(
      seen
        .filter((s) => s.path.startsWith('/v1/setup_intents/'))
        .every((s) => s.account === 'acct_test_ready'),
    ).toBe(true);
  });

  it('debits each new appel de fonds off-session after the notice; processing holds, succeeded settles, failed reopens', async () => {
    const o = await makePayingOwner(t.app.db);
    await signInCheckout(o);
    const bill = await newBill(o, 'Appel de fonds T1 2027', 42_000);
    expect((await runMandateRound(t.app, '2027-01-02')).announced).toBeGreaterThanOrEqual(1);
    const [req] = (await requestsOf(t.app.db, o.owner.id)).filter((r) => r.mandate_id);
    expect(req).toMatchObject({
      status: 'scheduled',
      collect_on: '2027-01-07',
      provider: 'stripe',
      session_id: null,
    });
    expect((await payable(o)).collecting).toMatchObject([{ id: bill.id, collect_on: '2027-01-07' }]);

    // Never before the announced date; on it, one PaymentIntent confirmed off-session.
    await runMandateRound(t.app, '2027-01-06');
    expect(seen.filter((s) => s.path === '/v1/payment_intents')).toHaveLength(0);
    await runMandateRound(t.app, '2027-01-07');
    const created = seen.filter((s) => s.path === '/v1/payment_intents');
    expect(created).toHaveLength(1);
    const f = created[0].body;
    expect(created[0].account).toBe('acct_test_ready');
    expect(created[0].idempotency).toBe(`mandate-debit-${req.id}`);
    expect(Object.fromEntries(f)).toMatchObject({
      amount: '42000',
      currency: 'eur',
      confirm: 'true',
      off_session: 'true',
      payment_method: `pm_seti_standin_${o.owner.id.slice(0, 8)}`,
      mandate: 'mandate_standin',
      'metadata[payment_request_id]': req.id,
      'metadata[coproprietaire_id]': o.owner.id,
    });
    expect(f.get('customer')).toMatch(/^cus_standin_/);
    let [now] = (await requestsOf(t.app.db, o.owner.id)).filter((r) => r.id === req.id);
    expect(now).toMatchObject({ status: 'processing', session_id: `pi_standin_${req.id.slice(0, 8)}` });
    // A round after: not submitted twice.
    await runMandateRound(t.app, '2027-01-08');
    expect(seen.filter((s) => s.path === '/v1/payment_intents')).toHaveLength(1);

    expect(await deliver('payment_intent.processing', intentOf(req.id, 42_000))).toBe('ignored');
    expect((await payable(o)).debits.map((d: { id: string }) => d.id)).not.toContain(bill.id);
    expect(
      await deliver('payment_intent.succeeded', { ...intentOf(req.id, 42_000), status: 'succeeded' }),
    ).toBe('credited');
    [now] = (await requestsOf(t.app.db, o.owner.id)).filter((r) => r.id === req.id);
    expect(now.status).toBe('paid');
    const [tx] = await transactionsOf(t.app.db, o.owner.id);
    expect(tx).toMatchObject({ amount_cents: 42_000, fee_cents: FEE, payment_method: 'sepa_debit' });
    const receipt = await t.app.db
      .select()
      .from(outbox)
      .where(eq(outbox.recipient, o.user.email as string));
    expect(receipt.some((m) => (m.meta as { kind?: string }).kind === 'payment-receipt')).toBe(true);

    // The next appel de fonds: the bank rejects the debit; the line is payable again, Paul is told.
    const next = await newBill(o, 'Appel de fonds T2 2027', 42_000);
    await runMandateRound(t.app, '2027-04-01');
    await runMandateRound(t.app, '2027-04-06');
    const later = (await requestsOf(t.app.db, o.owner.id)).find((r) => r.mandate_id && r.id !== req.id);
    expect(later?.status).toBe('processing');
    expect(
      await deliver('payment_intent.payment_failed', {
        ...intentOf(later!.id, 42_000),
        status: 'requires_payment_method',
      }),
    ).toBe('failed');
    expect((await payable(o)).debits.map((d: { id: string }) => d.id)).toContain(next.id);
    const notes = await t.app.db
      .select()
      .from(notifications)
      .where(eq(notifications.coproprietaire_id, o.owner.id));
    expect(notes.some((x) => x.title === 'Prélèvement SEPA rejeté')).toBe(true);
    // A failure arriving after the paid debit changes nothing.
    expect(await deliver('payment_intent.payment_failed', intentOf(req.id, 42_000))).toBe('ignored');
  });

  it('a PaymentIntent of a checkout, or naming another request, is left to the checkout events', async () => {
    expect(
      await deliver('payment_intent.succeeded', {
        id: 'pi_checkout_card',
        object: 'payment_intent',
        amount: 1000,
        currency: 'eur',
        metadata: { payment_request_id: '00000000-0000-4000-8000-000000000000' },
      }),
    ).toBe('ignored');
  });

  it('revoked from the settings: the PaymentMethod is detached on the connected account', async () => {
    const o = await makePayingOwner(t.app.db);
    await signInCheckout(o);
    seen = [];
    const res = await t.app.inject({ method: 'DELETE', url: `${o.path}/sepa-mandate`, headers: o.headers });
    expect(json(res).data).toEqual({ revoked: true });
    expect(seen.map((s) => `${s.method} ${s.path} ${s.account}`)).toEqual([
      `POST /v1/payment_methods/pm_seti_standin_${o.owner.id.slice(0, 8)}/detach acct_test_ready`,
    ]);
    expect((await read(o)).mandate).toBeNull();
  });

  it('is 404 for another user', async () => {
    const o = await makePayingOwner(t.app.db);
    const other = await makePayingOwner(t.app.db);
    const res = await t.app.inject({
      method: 'POST',
      url: `${o.path}/sepa-mandate/setup-session`,
      headers: other.headers,
    });
    expect(res.statusCode).toBe(404);
  });
});
