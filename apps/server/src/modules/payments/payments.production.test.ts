import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makePayingOwner } from '../../test/factories.payments.js';
import { createTestApp, json, type TestApp } from '../../test/harness.js';

/** Production mode: nothing of the sandbox is registered, whatever the payment setup. */
const FAKE_SESSION = '/sandbox-checkout/cs_sandbox_aaaaaaaaaaaaaaaaaaaaaaaa';

describe('production without Stripe keys', () => {
  let p: TestApp;
  beforeAll(async () => {
    p = await createTestApp({ env: { NODE_ENV: 'production' } });
  });
  afterAll(async () => {
    await p.close();
  });

  it('has no payment adapter, no sandbox route, and card payments are off', async () => {
    expect(p.app.platform.payments).toBeNull();
    expect(p.app.printRoutes()).not.toContain('sandbox');
    const o = await makePayingOwner(p.app.db);
    const ready = await p.app.inject({
      url: `/api/finances/coproprietes/${o.copro.id}/check-stripe-ready`,
      headers: o.headers,
    });
    expect(json(ready).data).toEqual({ ready: false });
    expect((await p.app.inject({ url: FAKE_SESSION })).body).not.toContain('Payer');
    expect((await p.app.inject({ method: 'POST', url: `${FAKE_SESSION}/pay` })).statusCode).toBe(404);
    const res = await p.app.inject({
      method: 'POST',
      url: `${o.path}/generate-session-payment-request-by-stripe`,
      headers: o.headers,
      payload: { debits: [{ id: o.q3.id, amount: 412.5 }], credits: [], pay_amount: 412.5 },
    });
    expect(json(res).code).toBe('COPRO_STRIPE_INVALID');
  });
});

describe('production with Stripe keys', () => {
  let p: TestApp;
  beforeAll(async () => {
    p = await createTestApp({
      env: { NODE_ENV: 'production', STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_WEBHOOK_SECRET: 'whsec_x' },
    });
  });
  afterAll(async () => {
    await p.close();
  });

  it('uses the Stripe adapter and still has no sandbox route', async () => {
    expect(p.app.platform.payments?.kind).toBe('stripe');
    expect(p.app.printRoutes()).not.toContain('sandbox');
    expect((await p.app.inject({ method: 'POST', url: `${FAKE_SESSION}/pay` })).statusCode).toBe(404);
  });
});
