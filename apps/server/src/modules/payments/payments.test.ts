import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerLines, webhookEvents } from '../../db/schema/index.js';
import type { SandboxAdapter } from '../../platform/payments/sandbox.js';
import { makeSignedInUser } from '../../test/factories.js';
import {
  ledgerOf,
  makeLedgerLine,
  makePayingOwner,
  requestsOf,
  transactionsOf,
} from '../../test/factories.payments.js';
import { createTestApp, json, type TestApp } from '../../test/harness.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

type Owner = Awaited<ReturnType<typeof makePayingOwner>>;

const WEBHOOK = '/api/finances/stripe/webhook';
const sign = (payload: string) => (t.app.platform.payments as SandboxAdapter).sign(payload);

function sessionEvent(
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

function postEvent(event: object, signature?: string) {
  const payload = JSON.stringify(event);
  return t.app.inject({
    method: 'POST',
    url: WEBHOOK,
    headers: { 'content-type': 'application/json', 'stripe-signature': signature ?? sign(payload) },
    payload,
  });
}

const allLines = (o: Owner) => ({
  debits: [
    { id: o.q3.id, amount: 41_250 },
    { id: o.q4.id, amount: 39_875 },
  ],
  credits: [] as { id: string; amount: number }[],
  pay_amount: 81_125,
});

function generate(o: Owner, body: object, headers = o.headers) {
  return t.app.inject({
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

describe('GET check-stripe-ready', () => {
  it('is true when the syndic has active card payments and an account', async () => {
    const o = await makePayingOwner(t.app.db);
    const res = await t.app.inject({
      url: `/api/finances/coproprietes/${o.copro.id}/check-stripe-ready`,
      headers: o.headers,
    });
    expect(res.statusCode).toBe(200);
    expect(json(res)).toEqual({ success: true, data: { ready: true } });
  });

  it.each([
    ['card payments off', { cardPayments: false }],
    ['no connected account', { accountId: null }],
  ])('is false with %s', async (_name, opts) => {
    const o = await makePayingOwner(t.app.db, opts);
    const res = await t.app.inject({
      url: `/api/finances/coproprietes/${o.copro.id}/check-stripe-ready`,
      headers: o.headers,
    });
    expect(json(res).data).toEqual({ ready: false });
  });

  it('is 404 for a user holding no record in that copropriété, 401 signed out', async () => {
    const o = await makePayingOwner(t.app.db);
    const other = await makeSignedInUser(t.app.db);
    const url = `/api/finances/coproprietes/${o.copro.id}/check-stripe-ready`;
    expect((await t.app.inject({ url, headers: other.headers })).statusCode).toBe(404);
    expect((await t.app.inject({ url })).statusCode).toBe(401);
  });
});

describe('GET data-for-payment', () => {
  it('lists the unpaid debits and the available credits as payable items, in cents', async () => {
    const o = await makePayingOwner(t.app.db);
    const credit = await makeLedgerLine(t.app.db, {
      ...o.base,
      name: 'Trop-perçu 2025',
      date: '2026-01-15',
      amount_type: 'credit',
      amount_cents: 5_000,
      remaining_cents: 3_020,
    });
    const res = await t.app.inject({ url: `${o.path}/data-for-payment`, headers: o.headers });
    expect(res.statusCode).toBe(200);
    const data = json(res).data;
    expect(data.currency).toBe('eur');
    expect(data.debits).toEqual([
      {
        id: o.q3.id,
        amount: 41_250,
        type: 'debit',
        created_date: '2026-07-01',
        compte_id: null,
        source: 'ledger',
        description: 'Appel de fonds T3 2026',
        checked: true,
      },
      expect.objectContaining({ id: o.q4.id, amount: 39_875, type: 'debit' }),
    ]);
    expect(data.credits).toEqual([
      expect.objectContaining({
        id: credit.id,
        amount: 3_020,
        type: 'credit',
        description: 'Trop-perçu 2025',
      }),
    ]);
  });

  it("is 404 for another user's record and for a record outside the copropriété of the path", async () => {
    const o = await makePayingOwner(t.app.db);
    const mine = await makePayingOwner(t.app.db);
    expect(
      (await t.app.inject({ url: `${o.path}/data-for-payment`, headers: mine.headers })).statusCode,
    ).toBe(404);
    const crossed = `/api/finances/coproprietes/${mine.copro.id}/coproprietaires/${o.owner.id}/data-for-payment`;
    expect((await t.app.inject({ url: crossed, headers: o.headers })).statusCode).toBe(404);
  });
});

describe('POST generate-session-payment-request-by-stripe (sandbox)', () => {
  it('creates a checkout session for the amount the server computes', async () => {
    const o = await makePayingOwner(t.app.db);
    const s = await startSession(o);
    expect(s.sessionId).toMatch(/^cs_sandbox_/);
    expect(s.publicKey).toBe('pk_sandbox_tantieme');
    expect(s.accountId).toBe('acct_test_ready');
    expect(s.url).toBe(`/sandbox-checkout/${s.sessionId}`);
    const [req] = await requestsOf(t.app.db, o.owner.id);
    expect(req).toMatchObject({
      pay_amount_cents: 81_125,
      status: 'open',
      provider: 'sandbox',
      session_id: s.sessionId,
      account_id: 'acct_test_ready',
      user_id: o.user.id,
    });
  });

  it('subtracts the credits used', async () => {
    const o = await makePayingOwner(t.app.db);
    const credit = await makeLedgerLine(t.app.db, {
      ...o.base,
      amount_type: 'credit',
      amount_cents: 10_000,
      remaining_cents: 10_000,
    });
    await startSession(o, {
      debits: [{ id: o.q3.id, amount: 41_250 }],
      credits: [{ id: credit.id, amount: 10_000 }],
      pay_amount: 31_250,
    });
    const [req] = await requestsOf(t.app.db, o.owner.id);
    expect(req.pay_amount_cents).toBe(31_250);
  });

  it.each([
    [
      'a line amount the client changed',
      (o: Owner) => ({
        ...allLines(o),
        debits: [
          { id: o.q3.id, amount: 100 },
          { id: o.q4.id, amount: 39_875 },
        ],
      }),
    ],
    ['a pay_amount that is not the sum', (o: Owner) => ({ ...allLines(o), pay_amount: 1 })],
    [
      'a settled line',
      (o: Owner) => ({ debits: [{ id: o.settled.id, amount: 40_000 }], credits: [], pay_amount: 40_000 }),
    ],
    [
      'a line twice',
      (o: Owner) => ({
        debits: [
          { id: o.q3.id, amount: 41_250 },
          { id: o.q3.id, amount: 41_250 },
        ],
        credits: [],
        pay_amount: 82_500,
      }),
    ],
    [
      'a credit used as a debit',
      (o: Owner) => ({
        debits: [{ id: o.settledCredit.id, amount: 40_000 }],
        credits: [],
        pay_amount: 40_000,
      }),
    ],
  ])('refuses %s (PAYMENT_REQUEST_INVALID, lines reload)', async (_name, body) => {
    const o = await makePayingOwner(t.app.db);
    const res = await generate(o, body(o));
    expect(res.statusCode).toBe(409);
    expect(json(res)).toMatchObject({
      success: false,
      code: 'PAYMENT_REQUEST_INVALID',
      message: 'Votre demande est invalide. Veuillez réessayer.',
    });
    expect(await requestsOf(t.app.db, o.owner.id)).toHaveLength(0);
  });

  it("refuses another co-owner's line", async () => {
    const o = await makePayingOwner(t.app.db);
    const other = await makePayingOwner(t.app.db);
    const res = await generate(o, {
      debits: [{ id: other.q3.id, amount: 41_250 }],
      credits: [],
      pay_amount: 41_250,
    });
    expect(json(res).code).toBe('PAYMENT_REQUEST_INVALID');
    const [line] = await t.app.db.select().from(ledgerLines).where(eq(ledgerLines.id, other.q3.id));
    expect(line.remaining_cents).toBe(41_250);
  });

  it.each([
    ['card payments are off', { cardPayments: false }],
    ['the syndic has no account', { accountId: null }],
  ])('answers COPRO_STRIPE_INVALID when %s', async (_name, opts) => {
    const o = await makePayingOwner(t.app.db, opts);
    const res = await generate(o, allLines(o));
    expect(res.statusCode).toBe(400);
    expect(json(res)).toMatchObject({
      code: 'COPRO_STRIPE_INVALID',
      message: 'Le paiement de ce copropriété est désormais invalide.',
    });
  });

  it('answers AMOUNT_REQUIRED without debits, with a zero amount, or when credits cover everything', async () => {
    const o = await makePayingOwner(t.app.db);
    const credit = await makeLedgerLine(t.app.db, {
      ...o.base,
      amount_type: 'credit',
      amount_cents: 50_000,
    });
    for (const body of [
      { debits: [], credits: [], pay_amount: 1_000 },
      { debits: [{ id: o.q3.id, amount: 41_250 }], credits: [], pay_amount: 0 },
      {
        debits: [{ id: o.q3.id, amount: 41_250 }],
        credits: [{ id: credit.id, amount: 50_000 }],
        pay_amount: 1,
      },
    ]) {
      const res = await generate(o, body);
      expect(res.statusCode).toBe(400);
      expect(json(res)).toMatchObject({
        code: 'AMOUNT_REQUIRED',
        message: "Le montant du paiement n'est pas valide",
      });
    }
  });

  it('answers AMOUNT_MINUMUM below the provider minimum, with the {amount}_{currency} token', async () => {
    const o = await makePayingOwner(t.app.db);
    const small = await makeLedgerLine(t.app.db, { ...o.base, name: 'Frais', amount_cents: 30 });
    const res = await generate(o, { debits: [{ id: small.id, amount: 30 }], credits: [], pay_amount: 30 });
    expect(res.statusCode).toBe(400);
    expect(json(res)).toMatchObject({
      code: 'AMOUNT_MINUMUM',
      message: 'Le montant minimum du paiement est de 0,50 euro.',
      errors: { minimum: 'AMOUNT_MINUMUM:0.5_eur' },
    });
  });

  it('answers VALIDATION_ERROR for a malformed body', async () => {
    const o = await makePayingOwner(t.app.db);
    const res = await generate(o, { debits: [{ id: 'nope', amount: 'x' }], pay_amount: 1 });
    expect(res.statusCode).toBe(400);
    expect(json(res).code).toBe('VALIDATION_ERROR');
    // Amounts are integer cents: euros with decimals are refused.
    const euros = await generate(o, {
      debits: [{ id: o.q3.id, amount: 412.5 }],
      credits: [],
      pay_amount: 412.5,
    });
    expect(euros.statusCode).toBe(400);
    expect(json(euros).code).toBe('VALIDATION_ERROR');
  });

  it("is 404 for another user's record, 401 signed out", async () => {
    const o = await makePayingOwner(t.app.db);
    const other = await makeSignedInUser(t.app.db);
    expect((await generate(o, allLines(o), other.headers)).statusCode).toBe(404);
    expect((await generate(o, allLines(o), {} as never)).statusCode).toBe(401);
    expect(await requestsOf(t.app.db, o.owner.id)).toHaveLength(0);
  });
});

describe('sandbox checkout page', () => {
  it('shows the amount and the lines in French with Payer and Annuler', async () => {
    const o = await makePayingOwner(t.app.db);
    const s = await startSession(o);
    const res = await t.app.inject({ url: s.url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toContain('lang="fr"');
    expect(res.body).toContain('811,25\u202f€');
    expect(res.body).toContain('Appel de fonds T3 2026');
    expect(res.body).toContain('412,50\u202f€');
    expect(res.body).toContain('>Payer</button>');
    expect(res.body).toContain('>Annuler</button>');
  });

  it('is registered on the embedded default', () => {
    expect(t.app.hasRoute({ method: 'GET', url: '/sandbox-checkout/:sessionId' })).toBe(true);
  });

  it('is 404 for an unknown session', async () => {
    const res = await t.app.inject({ url: '/sandbox-checkout/cs_sandbox_aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa' });
    expect(res.statusCode).toBe(404);
  });

  it('Payer credits the ledger once through the webhook and redirects back with success 1', async () => {
    const o = await makePayingOwner(t.app.db);
    const s = await startSession(o);
    const res = await t.app.inject({
      method: 'POST',
      url: `${s.url}/pay`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe(
      `/${o.owner.id}/facture-v2?session_id=${s.sessionId}&stripe_payment_success=1`,
    );

    const lines = await ledgerOf(t.app.db, o.owner.id);
    const byId = new Map(lines.map((l) => [l.id, l]));
    expect(byId.get(o.q3.id)?.remaining_cents).toBe(0);
    expect(byId.get(o.q4.id)?.remaining_cents).toBe(0);
    const credit = lines.filter((l) => l.amount_type === 'credit' && l.payment_transaction_id);
    expect(credit).toHaveLength(1);
    expect(credit[0]).toMatchObject({
      amount_cents: 81_125,
      remaining_cents: 0,
      name: 'Paiement par carte bancaire',
    });

    const txs = await transactionsOf(t.app.db, o.owner.id);
    expect(txs).toHaveLength(1);
    const fee = Math.round(81_125 * 0.015) + 25;
    expect(txs[0]).toMatchObject({
      amount_cents: 81_125,
      fee_cents: fee,
      net_cents: 81_125 - fee,
      currency: 'eur',
      payment_method: 'card',
    });
    expect(credit[0].payment_transaction_id).toBe(txs[0].id);
    const [req] = await requestsOf(t.app.db, o.owner.id);
    expect(req.status).toBe('paid');
    expect(t.realtime.sent).toContainEqual({
      room: `user:${o.user.id}`,
      event: 'finances-updated',
      payload: { coproprietaire_id: o.owner.id },
    });

    // Nothing is left to pay; a second click on Payer changes nothing.
    const data = await t.app.inject({ url: `${o.path}/data-for-payment`, headers: o.headers });
    expect(json(data).data.debits).toEqual([]);
    const again = await t.app.inject({ method: 'POST', url: `${s.url}/pay` });
    expect(again.statusCode).toBe(303);
    expect(await transactionsOf(t.app.db, o.owner.id)).toHaveLength(1);
    const page = await t.app.inject({ url: s.url });
    expect(page.body).toContain('Cette session de paiement est terminée.');
  });

  it('Annuler cancels without crediting and redirects back with success 0', async () => {
    const o = await makePayingOwner(t.app.db);
    const s = await startSession(o);
    const res = await t.app.inject({ method: 'POST', url: `${s.url}/cancel` });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe(
      `/${o.owner.id}/facture-v2?session_id=${s.sessionId}&stripe_payment_success=0`,
    );
    const [req] = await requestsOf(t.app.db, o.owner.id);
    expect(req.status).toBe('cancelled');
    expect(await transactionsOf(t.app.db, o.owner.id)).toHaveLength(0);
    const lines = await ledgerOf(t.app.db, o.owner.id);
    expect(lines.find((l) => l.id === o.q3.id)?.remaining_cents).toBe(41_250);
  });
});

describe('webhook', () => {
  it('rejects a bad or missing signature with 400 and changes nothing', async () => {
    const o = await makePayingOwner(t.app.db);
    const s = await startSession(o);
    const event = sessionEvent('evt_badsig', 'checkout.session.completed', s.sessionId);
    const forged = await postEvent(event, 't=1,v1=deadbeef');
    expect(forged.statusCode).toBe(400);
    expect(json(forged)).toMatchObject({ success: false, code: 'WEBHOOK_SIGNATURE_INVALID' });
    // A valid signature of another body does not cover this one.
    const signedOther = sign(JSON.stringify({ ...event, id: 'evt_other' }));
    expect((await postEvent(event, signedOther)).statusCode).toBe(400);
    const missing = await t.app.inject({
      method: 'POST',
      url: WEBHOOK,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(event),
    });
    expect(missing.statusCode).toBe(400);
    expect(await transactionsOf(t.app.db, o.owner.id)).toHaveLength(0);
  });

  it('credits once when the same event is delivered twice concurrently', async () => {
    const o = await makePayingOwner(t.app.db);
    const s = await startSession(o);
    const event = sessionEvent('evt_replay_1', 'checkout.session.completed', s.sessionId);
    const [a, b] = await Promise.all([postEvent(event), postEvent(event)]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect([json(a).data.outcome, json(b).data.outcome].sort()).toEqual(['credited', 'duplicate']);
    expect(await transactionsOf(t.app.db, o.owner.id)).toHaveLength(1);
    const credits = (await ledgerOf(t.app.db, o.owner.id)).filter((l) => l.payment_transaction_id);
    expect(credits).toHaveLength(1);
    // And again later (Stripe retries): still once.
    expect(json(await postEvent(event)).data.outcome).toBe('duplicate');
    expect(await transactionsOf(t.app.db, o.owner.id)).toHaveLength(1);
  });

  it('credits once when two different events of one session race', async () => {
    const o = await makePayingOwner(t.app.db);
    const s = await startSession(o);
    const [a, b] = await Promise.all([
      postEvent(sessionEvent('evt_race_a', 'checkout.session.completed', s.sessionId)),
      postEvent(sessionEvent('evt_race_b', 'checkout.session.async_payment_succeeded', s.sessionId)),
    ]);
    expect([json(a).data.outcome, json(b).data.outcome].sort()).toEqual(['credited', 'ignored']);
    expect(await transactionsOf(t.app.db, o.owner.id)).toHaveLength(1);
    const events = await t.app.db.select().from(webhookEvents);
    expect(events.map((e) => e.event_id)).toEqual(expect.arrayContaining(['evt_race_a', 'evt_race_b']));
  });

  it('handles out-of-order events: a late expiry never undoes a payment', async () => {
    const o = await makePayingOwner(t.app.db);
    const s = await startSession(o);
    expect(
      json(await postEvent(sessionEvent('evt_o1', 'checkout.session.completed', s.sessionId))).data.outcome,
    ).toBe('credited');
    expect(
      json(
        await postEvent(
          sessionEvent('evt_o2', 'checkout.session.expired', s.sessionId, { payment_status: 'unpaid' }),
        ),
      ).data.outcome,
    ).toBe('ignored');
    const [req] = await requestsOf(t.app.db, o.owner.id);
    expect(req.status).toBe('paid');
  });

  it('handles out-of-order events: async success before the pending completion', async () => {
    const o = await makePayingOwner(t.app.db);
    const s = await startSession(o);
    expect(
      json(await postEvent(sessionEvent('evt_p2', 'checkout.session.async_payment_succeeded', s.sessionId)))
        .data.outcome,
    ).toBe('credited');
    expect(
      json(
        await postEvent(
          sessionEvent('evt_p1', 'checkout.session.completed', s.sessionId, { payment_status: 'unpaid' }),
        ),
      ).data.outcome,
    ).toBe('ignored');
    expect(await transactionsOf(t.app.db, o.owner.id)).toHaveLength(1);
    const [req] = await requestsOf(t.app.db, o.owner.id);
    expect(req.status).toBe('paid');
  });

  it('a pending completion credits nothing until the async success', async () => {
    const o = await makePayingOwner(t.app.db);
    const s = await startSession(o);
    const pending = await postEvent(
      sessionEvent('evt_q1', 'checkout.session.completed', s.sessionId, { payment_status: 'unpaid' }),
    );
    expect(json(pending).data.outcome).toBe('pending');
    expect(await transactionsOf(t.app.db, o.owner.id)).toHaveLength(0);
    expect((await requestsOf(t.app.db, o.owner.id))[0].status).toBe('processing');
    await postEvent(sessionEvent('evt_q2', 'checkout.session.async_payment_succeeded', s.sessionId));
    expect(await transactionsOf(t.app.db, o.owner.id)).toHaveLength(1);
  });

  it('consumes the credits used and keeps what the card paid beyond a debit settled meanwhile', async () => {
    const o = await makePayingOwner(t.app.db);
    const credit = await makeLedgerLine(t.app.db, {
      ...o.base,
      amount_type: 'credit',
      amount_cents: 10_000,
    });
    const s = await startSession(o, {
      debits: [
        { id: o.q3.id, amount: 41_250 },
        { id: o.q4.id, amount: 39_875 },
      ],
      credits: [{ id: credit.id, amount: 10_000 }],
      pay_amount: 71_125,
    });
    // The syndic books a transfer for T3 before the card payment completes.
    await t.app.db.update(ledgerLines).set({ remaining_cents: 0 }).where(eq(ledgerLines.id, o.q3.id));
    await postEvent(sessionEvent('evt_c1', 'checkout.session.completed', s.sessionId, { amount: 71_125 }));
    const lines = new Map((await ledgerOf(t.app.db, o.owner.id)).map((l) => [l.id, l]));
    expect(lines.get(credit.id)?.remaining_cents).toBe(0);
    expect(lines.get(o.q4.id)?.remaining_cents).toBe(0);
    const card = [...lines.values()].find((l) => l.payment_transaction_id);
    // T4 (398,75) = 100 credit + 298,75 card; 412,50 of the 711,25 paid stays available.
    expect(card).toMatchObject({ amount_cents: 71_125, remaining_cents: 41_250, amount_type: 'credit' });
  });

  it('records but ignores events of unknown sessions and other types', async () => {
    const res = await postEvent(sessionEvent('evt_unknown', 'checkout.session.completed', 'cs_nope'));
    expect(json(res).data.outcome).toBe('ignored');
    const other = await postEvent({
      id: 'evt_misc',
      object: 'event',
      type: 'payout.paid',
      data: { object: {} },
    });
    expect(json(other).data.outcome).toBe('ignored');
    expect(
      json(await postEvent({ id: 'evt_misc', object: 'event', type: 'payout.paid', data: { object: {} } }))
        .data.outcome,
    ).toBe('duplicate');
  });
});
