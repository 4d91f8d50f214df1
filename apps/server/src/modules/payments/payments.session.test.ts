import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerLines } from '../../db/schema/index.js';
import { makeSignedInUser } from '../../test/factories.js';
import { makeLedgerLine, makePayingOwner, requestsOf } from '../../test/factories.payments.js';
import { createTestApp, json, type TestApp } from '../../test/harness.js';
import { allLines, type Owner, paymentCalls } from '../../test/payments.fixture.js';

/**
 * Before the checkout (SPEC §6, §8): whether the syndic takes payments, what the co-owner may
 * pay, and the checkout session for the amount the server computes (embedded default adapter).
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});
const { generate, startSession } = paymentCalls(() => t);

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
