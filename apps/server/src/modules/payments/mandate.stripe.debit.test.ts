import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { notifications, outbox } from '../../db/schema/index.js';
import { requestsOf, transactionsOf } from '../../test/factories.payments.js';
import {
  MANDATE_FEE,
  type StripeMandateWorld,
  stripeMandateWorld,
} from '../../test/stripe-mandate.fixture.js';
import { runMandateRound } from './mandate.service.js';

/**
 * The debits a saved SEPA mandate pays with Stripe (decision 149), against the local server
 * speaking Stripe's protocol: off-session PaymentIntents whose webhooks hold, settle or reopen the
 * lines. Signing and revoking the mandate: mandate.stripe.test.ts.
 */
let w: StripeMandateWorld;
beforeAll(async () => {
  w = await stripeMandateWorld();
});
afterAll(() => w.close());
beforeEach(() => {
  w.stand.reset();
});

describe('the debits of a saved SEPA mandate with Stripe', () => {
  it('debits each new appel de fonds off-session after the notice; processing holds, succeeded settles, failed reopens', async () => {
    const { t, stand, deliver, intentOf, payable } = w;
    const o = await w.owner();
    await w.signInCheckout(o);
    const bill = await w.newBill(o, 'Appel de fonds T1 2027', 42_000);
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
    expect(stand.seen.filter((s) => s.path === '/v1/payment_intents')).toHaveLength(0);
    await runMandateRound(t.app, '2027-01-07');
    const created = stand.seen.filter((s) => s.path === '/v1/payment_intents');
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
    expect(stand.seen.filter((s) => s.path === '/v1/payment_intents')).toHaveLength(1);

    expect(await deliver('payment_intent.processing', intentOf(req.id, 42_000))).toBe('ignored');
    expect((await payable(o)).debits.map((d: { id: string }) => d.id)).not.toContain(bill.id);
    expect(
      await deliver('payment_intent.succeeded', { ...intentOf(req.id, 42_000), status: 'succeeded' }),
    ).toBe('credited');
    [now] = (await requestsOf(t.app.db, o.owner.id)).filter((r) => r.id === req.id);
    expect(now.status).toBe('paid');
    const [tx] = await transactionsOf(t.app.db, o.owner.id);
    expect(tx).toMatchObject({ amount_cents: 42_000, fee_cents: MANDATE_FEE, payment_method: 'sepa_debit' });
    const receipt = await t.app.db
      .select()
      .from(outbox)
      .where(eq(outbox.recipient, o.user.email as string));
    expect(receipt.some((m) => (m.meta as { kind?: string }).kind === 'payment-receipt')).toBe(true);

    // The next appel de fonds: the bank rejects the debit; the line is payable again, Paul is told.
    const next = await w.newBill(o, 'Appel de fonds T2 2027', 42_000);
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
      await w.deliver('payment_intent.succeeded', {
        id: 'pi_checkout_card',
        object: 'payment_intent',
        amount: 1000,
        currency: 'eur',
        metadata: { payment_request_id: '00000000-0000-4000-8000-000000000000' },
      }),
    ).toBe('ignored');
  });
});
