import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerLines, webhookEvents } from '../../db/schema/index.js';
import {
  ledgerOf,
  makeLedgerLine,
  makePayingOwner,
  requestsOf,
  transactionsOf,
} from '../../test/factories.payments.js';
import { createTestApp, json, type TestApp } from '../../test/harness.js';
import { paymentCalls, sessionEvent, WEBHOOK } from '../../test/payments.fixture.js';

/**
 * The provider's webhook (SPEC §6): signatures, replays, races and events out of order; each
 * payment credited once, the credits it used consumed.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});
const { sign, postEvent, startSession } = paymentCalls(() => t);

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
