import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { captcha, freshIp } from '../test/factories.identity.js';
import { makeUser, TEST_PASSWORD } from '../test/factories.js';
import { createTestApp, json, type TestApp } from '../test/harness.js';

/**
 * A stranger's wrong passwords must not lock the owner out: the per-account limit counts per
 * (e-mail, address), a ceiling per e-mail is ten times higher, and past 5 failures a captcha is asked.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const login = (ip: string, email: string, password: string, captchaPayload?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    remoteAddress: ip,
    payload: { email, password, ...(captchaPayload ? { captcha: captchaPayload } : {}) },
  });

describe('no lock-out by a stranger', () => {
  it("a stranger's wrong passwords never block the owner's right password from the owner's address", {
    timeout: 120_000,
  }, async () => {
    const owner = await makeUser(t.database.db, { email: 'cible@example.fr' });
    const stranger = freshIp();
    const ownerIp = freshIp();
    let last = 0;
    for (let i = 0; i < 12; i++) {
      const c = i >= 5 ? await captcha(t, stranger) : undefined;
      last = (await login(stranger, owner.email!, 'Mauvais1234', c)).statusCode;
    }
    // The stranger is stopped on its own address…
    expect(last).toBe(429);
    // …while the owner signs in from theirs: the browser solves the captcha the server now asks for.
    const first = await login(ownerIp, owner.email!, TEST_PASSWORD);
    expect(first.statusCode).toBe(400);
    expect(json(first)).toMatchObject({
      code: 'CAPTCHA_REQUIRED',
      message: 'Veuillez vérifier avec captcha',
    });
    const ok = await login(ownerIp, owner.email!, TEST_PASSWORD, await captcha(t, ownerIp));
    expect(ok.statusCode).toBe(200);
    expect(json(ok).data.token).toBeTruthy();
  });

  it('asks a captcha past 5 failures and refuses a missing, wrong or replayed one', async () => {
    const user = await makeUser(t.database.db, { email: 'captcha.seuil@example.fr' });
    const ip = freshIp();
    for (let i = 0; i < 5; i++) expect((await login(ip, user.email!, 'Mauvais1234')).statusCode).toBe(401);
    expect(json(await login(ip, user.email!, TEST_PASSWORD)).code).toBe('CAPTCHA_REQUIRED');
    expect(json(await login(ip, user.email!, TEST_PASSWORD, 'bm9uc2Vucw==')).code).toBe('CAPTCHA_INVALID');
    const c = await captcha(t, ip);
    expect((await login(ip, user.email!, TEST_PASSWORD, c)).statusCode).toBe(200);
    expect(json(await login(ip, user.email!, TEST_PASSWORD, c)).code).toBe('CAPTCHA_INVALID');
  });

  it('the owner signs in without a captcha after a few typos (under the threshold)', async () => {
    const user = await makeUser(t.database.db, { email: 'distrait@example.fr' });
    const ip = freshIp();
    for (let i = 0; i < 4; i++) expect((await login(ip, user.email!, 'Oups1234')).statusCode).toBe(401);
    expect((await login(ip, user.email!, TEST_PASSWORD)).statusCode).toBe(200);
  });

  it('bounds brute force spread over many addresses with a per-e-mail ceiling ten times higher', async () => {
    const email = 'plafond@example.fr';
    await makeUser(t.database.db, { email });
    const statuses: number[] = [];
    // 100 tries from 20 addresses (5 each, under the per-address limit of 10). The ceiling counts
    // every try, right or wrong; right ones keep this test clear of the captcha's proof-of-work.
    for (let a = 0; a < 20; a++) {
      const ip = freshIp();
      for (let i = 0; i < 5; i++) statuses.push((await login(ip, email, TEST_PASSWORD)).statusCode);
    }
    expect(statuses.every((s) => s === 200)).toBe(true);
    const over = await login(freshIp(), email, TEST_PASSWORD);
    expect(over.statusCode).toBe(429);
    expect(json(over).code).toBe('RATE_LIMITED');
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
  }, 120_000);
});
