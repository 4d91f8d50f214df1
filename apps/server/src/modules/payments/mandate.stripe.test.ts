import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sepaMandates } from '../../db/schema/index.js';
import { json } from '../../test/harness.js';
import { type StripeMandateWorld, stripeMandateWorld } from '../../test/stripe-mandate.fixture.js';

/**
 * The saved SEPA mandate with Stripe (decision 149), against the local server speaking Stripe's
 * protocol: Checkout in setup mode, the mandate recorded from the signed webhooks, the
 * PaymentMethod detached at revocation. The debits it pays: mandate.stripe.debit.test.ts.
 */
let w: StripeMandateWorld;
beforeAll(async () => {
  w = await stripeMandateWorld();
});
afterAll(() => w.close());
beforeEach(() => {
  w.stand.reset();
});

describe('a saved SEPA mandate with Stripe', () => {
  it('is offered, signed in Checkout in setup mode for a customer created once, and recorded once from the webhooks', async () => {
    const { t, stand } = w;
    const o = await w.owner();
    expect(await w.read(o)).toEqual({ mandate: null, available: true, provider: 'stripe' });
    // The IBAN form is the sandbox's: with Stripe, the IBAN is given in Checkout only.
    const form = await t.app.inject({
      method: 'POST',
      url: `${o.path}/sepa-mandate`,
      headers: o.headers,
      payload: { account_holder: 'Paul Durand', iban: 'FR76 3000 6000 0112 3456 7890 189', accept: true },
    });
    expect(json(form).code).toBe('SEPA_MANDATE_UNAVAILABLE');

    const first = await w.setupSession(o);
    expect(json(first).data.url).toMatch(/^https:\/\/checkout\.stripe\.com\/c\/pay\/cs_test_setup_/);
    const second = await w.setupSession(o);
    expect(second.statusCode).toBe(200);
    const customers = stand.seen.filter((s) => s.path === '/v1/customers');
    expect(customers).toHaveLength(1);
    expect(customers[0].account).toBe('acct_test_ready');
    const sessions = stand.seen.filter((s) => s.path === '/v1/checkout/sessions');
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

    await w.signInCheckout(o);
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
    expect((await w.read(o)).mandate).toMatchObject({
      iban: 'FR •••• 0189',
      reference: `TANTIEME-${o.owner.id.slice(0, 8).toUpperCase()}`,
    });
    expect(
      stand.seen
        .filter((s) => s.path.startsWith('/v1/setup_intents/'))
        .every((s) => s.account === 'acct_test_ready'),
    ).toBe(true);
  });

  it('revoked from the settings: the PaymentMethod is detached on the connected account', async () => {
    const o = await w.owner();
    await w.signInCheckout(o);
    w.stand.reset();
    const res = await w.t.app.inject({ method: 'DELETE', url: `${o.path}/sepa-mandate`, headers: o.headers });
    expect(json(res).data).toEqual({ revoked: true });
    expect(w.stand.seen.map((s) => `${s.method} ${s.path} ${s.account}`)).toEqual([
      `POST /v1/payment_methods/pm_seti_standin_${o.owner.id.slice(0, 8)}/detach acct_test_ready`,
    ]);
    expect((await w.read(o)).mandate).toBeNull();
  });

  it('is 404 for another user', async () => {
    const o = await w.owner();
    const other = await w.owner();
    const res = await w.t.app.inject({
      method: 'POST',
      url: `${o.path}/sepa-mandate/setup-session`,
      headers: other.headers,
    });
    expect(res.statusCode).toBe(404);
  });
});
