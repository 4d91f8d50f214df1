import { errorMessages } from '@tantieme/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makePayingOwner, requestsOf } from '../test/factories.payments.js';
import { startHangingServer } from '../test/hanging-server.js';
import { createTestApp, json, type TestApp } from '../test/harness.js';
import { allLines } from '../test/payments.fixture.js';
import { ar24LreAdapter, LreUnavailableError } from './lre/index.js';

/**
 * The LRE provider and the payment provider stop answering (a local server that accepts and never
 * replies, or a closed port): each call fails within its limit, cleanly, instead of holding the
 * request.
 */
let hang: Awaited<ReturnType<typeof startHangingServer>>;
let t: TestApp;
beforeAll(async () => {
  // The connected account still reads as ready (but acct_hanging's): the checkout is what hangs.
  hang = await startHangingServer((req, res) => {
    if (req.method !== 'GET' || !req.url?.startsWith('/v1/accounts/') || req.url.includes('acct_hanging'))
      return false;
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify({ id: req.url.split('/').pop(), object: 'account', charges_enabled: true }));
    return true;
  });
  t = await createTestApp({
    env: {
      STRIPE_SECRET_KEY: 'sk_test_hanging',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_hanging',
      STRIPE_WEBHOOK_SECRET: 'whsec_test_hanging',
      STRIPE_API_HOST: '127.0.0.1',
      STRIPE_API_PORT: String(hang.port),
      STRIPE_API_PROTOCOL: 'http',
      STRIPE_TIMEOUT_MS: '300',
      PUBLIC_URL: 'https://extranet.example.fr',
    },
  });
});
afterAll(async () => {
  await t.close();
  await hang.close();
});

const letter = {
  reference: 'AG-2026/CP-0042',
  to: { email: 'claire.martin@example.fr', first_name: 'Claire', last_name: 'Martin', company: null },
  subject: 'Convocation : Assemblée générale ordinaire',
  content: 'Vous êtes convoquée…',
  attachment: null,
};
const account = { token: 'tok', privateKey: 'key', userId: '77', otpSecret: 'JBSWY3DPEHPK3PXP' };

describe('a slow or dead LRE provider', () => {
  it('fails the call past its limit as unavailable, so the sender leaves the rest for later', async () => {
    const lre = ar24LreAdapter({ url: `${hang.url}/api`, ...account, timeoutMs: 1_000 });
    const started = Date.now();
    const err = await lre.send(letter).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(LreUnavailableError);
    expect((err as Error).message).toBe(
      'Fournisseur LRE (authentification eIDAS)\u202f: pas de réponse en 1 s',
    );
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(hang.hits()).toBeGreaterThanOrEqual(1);
  });

  it('says it is unreachable when nothing listens', async () => {
    const closed = await startHangingServer();
    await closed.close();
    const lre = ar24LreAdapter({ url: `${closed.url}/api`, ...account, timeoutMs: 2_000 });
    const err = await lre.state('4200').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(LreUnavailableError);
    expect((err as Error).message).toBe('Fournisseur LRE (suivi)\u202f: injoignable');
  });
});

describe('a slow or dead payment provider', () => {
  it("fails the co-owner's card payment in the envelope within two limits and marks the request failed", async () => {
    const o = await makePayingOwner(t.app.db);
    const started = Date.now();
    const res = await t.app.inject({
      method: 'POST',
      url: `${o.path}/generate-session-payment-request-by-stripe`,
      headers: o.headers,
      payload: allLines(o),
    });
    expect(res.statusCode, res.body).toBe(502);
    expect(json(res)).toMatchObject({
      success: false,
      code: 'PAYMENT_PROVIDER_ERROR',
      message: errorMessages.PAYMENT_PROVIDER_ERROR,
    });
    // One try and one retry of 300 ms each, with the SDK's back-off between.
    expect(Date.now() - started).toBeLessThan(5_000);
    const [req] = await requestsOf(t.app.db, o.owner.id);
    expect(req).toMatchObject({ status: 'failed', session_id: null });
  }, 15_000);

  it('shows card payment as unavailable when the account check hangs, and a payment then fails cleanly', async () => {
    const o = await makePayingOwner(t.app.db, { accountId: 'acct_hanging' });
    const res = await t.app.inject({
      url: `/api/finances/coproprietes/${o.copro.id}/check-stripe-ready`,
      headers: o.headers,
    });
    expect(res.statusCode).toBe(200);
    expect(json(res).data).toEqual({ ready: false });
    // A payment attempted meanwhile says the provider failed, and leaves no payment request.
    const pay = await t.app.inject({
      method: 'POST',
      url: `${o.path}/generate-session-payment-request-by-stripe`,
      headers: o.headers,
      payload: allLines(o),
    });
    expect(pay.statusCode).toBe(502);
    expect(json(pay).code).toBe('PAYMENT_PROVIDER_ERROR');
    expect(await requestsOf(t.app.db, o.owner.id)).toHaveLength(0);
  }, 15_000);
});
