import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { syndicAuditLog } from '../../../db/schema/index.js';
import type { SandboxAdapter } from '../../../platform/payments/sandbox.js';
import { createTestApp, json, type TestApp } from '../../../test/harness.js';
import { lettrageFixture } from './lettrage.fixture.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const { api, portfolio, OLD, setUp, coOwnerView, payByCard, deliveries } = lettrageFixture(() => t);

describe('lettrage: a card payment survives every back-office replay', () => {
  it('pay by card, replay the import, acknowledge, replay: what the co-owner owes never goes back up', async () => {
    const c = await setUp();
    const lines = (await api('GET', '/ledger-lines?limit=200', c.headers)).body.data.items as {
      id: string;
      external_id: string;
    }[];
    const idOf = (ext: string) => lines.find((l) => l.external_id === ext)!.id;
    const before = await coOwnerView(c);
    expect(before.solde).toBe(41_250 + 39_875 - 5_000);

    // Pays the third quarter with the 50 € credit and the card (362,50 €).
    await new Promise((r) => setTimeout(r, 20));
    const paidSince = new Date().toISOString();
    await payByCard(c, [{ id: idOf('E-Q3'), amount: 41_250 }], [{ id: idOf('E-VIR'), amount: 5_000 }]);
    const paid = await coOwnerView(c);
    expect(paid).toEqual({ debits: [[idOf('E-Q4'), 39_875]], credits: [], solde: 39_875 });

    // The payment's own line is listed, with what it settled; the debit and the credit name it.
    const list = (await api('GET', '/ledger-lines?limit=200', c.headers)).body.data.items;
    const card = list.find((l: { origin: string }) => l.origin === 'product');
    expect(card).toMatchObject({
      external_id: `tantieme:paiement:${card.payment_id}`,
      amount_type: 'credit',
      amount_cents: 36_250,
      shown_remaining_cents: 0,
      allocations: [
        { payment_id: card.payment_id, ledger_line: 'E-Q3', amount_cents: 41_250, acknowledged: false },
        { payment_id: card.payment_id, ledger_line: 'E-VIR', amount_cents: 5_000, acknowledged: false },
      ],
    });
    const q3 = (await api('GET', '/ledger-lines/E-Q3', c.headers)).body.data;
    expect(q3).toMatchObject({
      origin: 'back_office',
      remaining_cents: 41_250,
      shown_remaining_cents: 0,
      allocations: [
        { payment_id: card.payment_id, ledger_line: 'E-Q3', amount_cents: 41_250, acknowledged: false },
      ],
    });

    // payment.succeeded names the lines it settled and the credit it used.
    const [succeeded] = await deliveries(c.syndic.id, 'payment.succeeded');
    expect(succeeded.data).toMatchObject({
      coproprietaire: { external_id: 'C1' },
      payment: { id: card.payment_id, amount_cents: 36_250, ledger_line: { external_id: card.external_id } },
      settled: [{ ledger_line: { id: idOf('E-Q3'), external_id: 'E-Q3' }, amount_cents: 41_250 }],
      credits_used: [{ ledger_line: { id: idOf('E-VIR'), external_id: 'E-VIR' }, amount_cents: 5_000 }],
    });

    // The back office replays its whole import, still unaware of the payment.
    const replay = await api('POST', '/import', c.headers, portfolio(OLD));
    expect(replay.status).toBe(200);
    expect(replay.body.data.counts.ledger_lines).toMatchObject({ unchanged: 3, updated: 0 });
    expect(replay.body.data.warnings).toEqual([]);
    expect(await coOwnerView(c)).toEqual(paid);
    // Nor can a push write the product's line.
    const forged = await api('PUT', `/ledger-lines/${card.external_id}`, c.headers, {
      coproprietaire: 'C1',
      date: '2026-11-01',
      name: 'Paiement',
      amount_type: 'credit',
      amount_cents: 1,
    });
    expect(forged.status).toBe(400);
    expect(forged.body.errors).toHaveProperty('external_id');

    // Neither the settled debit nor the payment's line can be deleted; both are in the delta.
    const blocked = await api('DELETE', '/ledger-lines/E-Q3', c.headers);
    expect(blocked.status).toBe(409);
    expect(blocked.body.message).toContain('Un paiement fait dans Tantième a réglé cette ligne');
    expect((await api('DELETE', `/ledger-lines/${card.external_id}`, c.headers)).status).toBe(409);
    const delta = (await api('GET', `/ledger-lines?updated_since=${paidSince}`, c.headers)).body.data.items;
    expect(delta.map((l: { external_id: string }) => l.external_id).sort()).toEqual(
      ['E-Q3', 'E-VIR', card.external_id].sort(),
    );

    // The back office books the payment and acknowledges it.
    const ack = await api('POST', `/payments/${card.payment_id}/acknowledge`, c.headers);
    expect(ack.status, JSON.stringify(ack.body)).toBe(200);
    expect(ack.body.data).toMatchObject({
      id: card.payment_id,
      coproprietaire: 'C1',
      ledger_line: card.external_id,
    });
    expect(ack.body.data.acknowledged_at).not.toBeNull();
    expect(await coOwnerView(c)).toEqual(paid);
    expect((await api('POST', `/payments/${card.payment_id}/acknowledge`, c.headers)).status).toBe(200);

    // The same stale replay after the acknowledgement: still nothing reopens; now that the back
    // office says it booked the payment, its stale figures are conflicts, named in the answer.
    const again = await api('POST', '/import', c.headers, portfolio(OLD));
    expect(again.body.data.counts.ledger_lines.unchanged).toBe(3);
    expect(again.body.data.warnings.map((w: { external_id: string }) => w.external_id)).toEqual([
      'E-Q3',
      'E-VIR',
    ]);
    expect(await coOwnerView(c)).toEqual(paid);

    // A copy that really says the settled quarter is open again: kept settled, reported, audited.
    const stale = portfolio(OLD);
    stale.ledger_lines[0].name = 'Appel de fonds T3 2026 (corrigé)';
    const conflict = await api('POST', '/import', c.headers, stale);
    expect(conflict.body.data.counts.ledger_lines.updated).toBe(1);
    expect(conflict.body.data.warnings[0]).toEqual({
      resource: 'ledger_lines',
      external_id: 'E-Q3',
      message:
        "Le reste dû envoyé (412,50\u202f€) rouvrirait ce qu'un paiement fait dans Tantième a réglé\u202f: la ligne reste à 0,00\u202f€.",
    });
    expect(await coOwnerView(c)).toEqual(paid);
    const audit = await t.database.db
      .select()
      .from(syndicAuditLog)
      .where(eq(syndicAuditLog.syndic_id, c.syndic.id));
    const conflicts = audit.filter((a) => a.action === 'conflict');
    expect(conflicts.map((a) => a.external_id).sort()).toEqual(['E-Q3', 'E-Q3', 'E-VIR', 'E-VIR']);
    expect(conflicts.find((a) => a.external_id === 'E-Q3')?.changes).toEqual({
      remaining_cents: { before: 41_250, after: 0 },
    });
    expect(audit.filter((a) => a.action === 'acknowledged')).toHaveLength(1);

    // The books brought up to date: no warning, the same balance.
    const booked = await api('POST', '/import', c.headers, portfolio({ q3: 0, q4: 39_875, credit: 0 }));
    expect(booked.body.data.warnings).toEqual([]);
    expect(await coOwnerView(c)).toEqual(paid);
  });

  it('a back-office credit line carrying the payment id acknowledges it', async () => {
    const c = await setUp();
    const q4 = (await api('GET', '/ledger-lines/E-Q4', c.headers)).body.data;
    await payByCard(c, [{ id: q4.id, amount: 39_875 }], []);
    const card = (await api('GET', '/ledger-lines?limit=200', c.headers)).body.data.items.find(
      (l: { origin: string }) => l.origin === 'product',
    );
    const line = {
      coproprietaire: 'C1',
      date: '2026-11-02',
      name: 'Paiement CB Tantième',
      amount_type: 'credit',
      amount_cents: 39_875,
      remaining_cents: 0,
      payment_method: 'other',
    };
    const wrong = await api('PUT', '/ledger-lines/E-CB', c.headers, {
      ...line,
      payment_id: crypto.randomUUID(),
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors).toHaveProperty('payment_id');
    const res = await api('PUT', '/ledger-lines/E-CB', c.headers, { ...line, payment_id: card.payment_id });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.resource.payment_id).toBe(card.payment_id);
    const q4After = (await api('GET', '/ledger-lines/E-Q4', c.headers)).body.data;
    expect(q4After.allocations).toEqual([
      { payment_id: card.payment_id, ledger_line: 'E-Q4', amount_cents: 39_875, acknowledged: true },
    ]);
    // Acknowledged, and the stale figure still cannot reopen it.
    expect(q4After.shown_remaining_cents).toBe(0);
    expect((await coOwnerView(c)).debits).toEqual([
      [(await api('GET', '/ledger-lines/E-Q3', c.headers)).body.data.id, 41_250],
    ]);
  });

  it('a refund reopens what the card settled and tells the syndic', async () => {
    const c = await setUp();
    const q3 = (await api('GET', '/ledger-lines/E-Q3', c.headers)).body.data;
    await payByCard(c, [{ id: q3.id, amount: 41_250 }], []);
    const card = (await api('GET', '/ledger-lines?limit=200', c.headers)).body.data.items.find(
      (l: { origin: string }) => l.origin === 'product',
    );
    const [succeeded] = await deliveries(c.syndic.id, 'payment.succeeded');
    const intent = (
      await t.database.db.query.paymentTransactions.findFirst({
        where: (p, { eq: is }) => is(p.id, succeeded.data.payment.id),
      })
    )?.provider_payment_id;
    expect(intent).toMatch(/^pi_sandbox_/);
    const event = {
      id: 'evt_refund_1',
      object: 'event',
      type: 'charge.refunded',
      created: Math.floor(Date.now() / 1000),
      livemode: false,
      data: { object: { id: 'ch_1', object: 'charge', payment_intent: intent, amount_refunded: 10_000 } },
    };
    const payload = JSON.stringify(event);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/finances/stripe/webhook',
      headers: {
        'content-type': 'application/json',
        'stripe-signature': (t.app.platform.payments as SandboxAdapter).sign(payload),
      },
      payload,
    });
    expect(json(res).data.outcome).toBe('refunded');
    const view = await coOwnerView(c);
    expect(view.debits).toEqual([
      [q3.id, 10_000],
      [(await api('GET', '/ledger-lines/E-Q4', c.headers)).body.data.id, 39_875],
    ]);
    expect(view.solde).toBe(10_000 + 39_875 - 5_000);
    const [refunded] = await deliveries(c.syndic.id, 'payment.refunded');
    expect(refunded.data).toMatchObject({
      payment: { id: card.payment_id, refunded_cents: 10_000 },
      refund: { amount_cents: 10_000 },
      reopened: [{ ledger_line: { external_id: 'E-Q3' }, amount_cents: 10_000 }],
    });
    // The same event again changes nothing.
    await t.app.inject({
      method: 'POST',
      url: '/api/finances/stripe/webhook',
      headers: {
        'content-type': 'application/json',
        'stripe-signature': (t.app.platform.payments as SandboxAdapter).sign(payload),
      },
      payload,
    });
    expect((await coOwnerView(c)).solde).toBe(view.solde);
  });

  it('a dispute weeks after success reopens what the payment settled, once', async () => {
    const c = await setUp();
    const q3 = (await api('GET', '/ledger-lines/E-Q3', c.headers)).body.data;
    await payByCard(c, [{ id: q3.id, amount: 41_250 }], []);
    const paid = await coOwnerView(c);
    const [succeeded] = await deliveries(c.syndic.id, 'payment.succeeded');
    const intent = (
      await t.database.db.query.paymentTransactions.findFirst({
        where: (p, { eq: is }) => is(p.id, succeeded.data.payment.id),
      })
    )?.provider_payment_id;
    const send = (id: string, type: string, object: object) => {
      const payload = JSON.stringify({
        id,
        object: 'event',
        type,
        created: Math.floor(Date.now() / 1000),
        livemode: false,
        data: { object },
      });
      return t.app.inject({
        method: 'POST',
        url: '/api/finances/stripe/webhook',
        headers: {
          'content-type': 'application/json',
          'stripe-signature': (t.app.platform.payments as SandboxAdapter).sign(payload),
        },
        payload,
      });
    };
    const dispute = { id: 'dp_1', object: 'dispute', payment_intent: intent, amount: 41_250 };
    expect(json(await send('evt_dispute_1', 'charge.dispute.created', dispute)).data.outcome).toBe(
      'refunded',
    );
    const reopened = await coOwnerView(c);
    expect(reopened.solde).toBe(paid.solde + 41_250);
    expect(reopened.debits.find(([id]) => id === q3.id)).toEqual([q3.id, 41_250]);
    // Replayed, or followed by the refund of the same money: nothing more.
    await send('evt_dispute_1', 'charge.dispute.created', dispute);
    await send('evt_dispute_refund', 'charge.refunded', {
      id: 'ch_1',
      object: 'charge',
      payment_intent: intent,
      amount_refunded: 41_250,
    });
    expect((await coOwnerView(c)).solde).toBe(reopened.solde);
  });

  it('a failed payment raises payment.failed and settles nothing', async () => {
    const c = await setUp();
    const q4 = (await api('GET', '/ledger-lines/E-Q4', c.headers)).body.data;
    const res = await t.app.inject({
      method: 'POST',
      url: `${c.path}/generate-session-payment-request-by-stripe`,
      headers: c.user.headers,
      payload: { debits: [{ id: q4.id, amount: 39_875 }], credits: [], pay_amount: 39_875 },
    });
    const { sessionId } = json(res).data;
    const payload = JSON.stringify({
      id: 'evt_failed_1',
      object: 'event',
      type: 'checkout.session.async_payment_failed',
      created: Math.floor(Date.now() / 1000),
      livemode: false,
      data: { object: { id: sessionId, object: 'checkout.session', payment_status: 'unpaid' } },
    });
    const hook = await t.app.inject({
      method: 'POST',
      url: '/api/finances/stripe/webhook',
      headers: {
        'content-type': 'application/json',
        'stripe-signature': (t.app.platform.payments as SandboxAdapter).sign(payload),
      },
      payload,
    });
    expect(json(hook).data.outcome).toBe('failed');
    const [failed] = await deliveries(c.syndic.id, 'payment.failed');
    expect(failed.data).toMatchObject({
      coproprietaire: { external_id: 'C1' },
      payment_request: { amount_cents: 39_875, currency: 'eur', debits: [{ id: q4.id, amount: 39_875 }] },
      // The lines it was to settle, by the syndic's own external ids.
      lines: [{ ledger_line: { id: q4.id, external_id: 'E-Q4' }, amount_cents: 39_875 }],
    });
    expect((await coOwnerView(c)).solde).toBe(41_250 + 39_875 - 5_000);
  });
});
