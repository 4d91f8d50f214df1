import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerOf, makePayingOwner, requestsOf, transactionsOf } from '../../test/factories.payments.js';
import { createTestApp, json, type TestApp } from '../../test/harness.js';
import { paymentCalls } from '../../test/payments.fixture.js';

/** The embedded default's checkout page: its text, 'Payer' and 'Annuler' through the real webhook. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});
const { startSession } = paymentCalls(() => t);

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
