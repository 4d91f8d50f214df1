import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatRetryDelay, retryAfterMessage } from '@tantieme/contract';
import { freshIp } from '../test/factories.identity.js';
import { makeSignedInUser } from '../test/factories.js';
import { createTestApp, json, type TestApp } from '../test/harness.js';

/**
 * Every 429 says when to retry, in the `Retry-After` header (seconds) and in
 * the French message, whatever limit answered it (identity limiter, route limit, code resend).
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

function expectRetryAfter(res: Awaited<ReturnType<TestApp['app']['inject']>>, maxS: number) {
  expect(res.statusCode).toBe(429);
  const after = Number(res.headers['retry-after']);
  expect(Number.isInteger(after)).toBe(true);
  expect(after).toBeGreaterThan(0);
  expect(after).toBeLessThanOrEqual(maxS);
  const body = json(res);
  expect(body.success).toBe(false);
  expect(body.message).toMatch(new RegExp(`Veuillez réessayer dans ${formatRetryDelay(after)}\\.$`));
  if (body.code === 'RATE_LIMITED') expect(body.message).toBe(retryAfterMessage('RATE_LIMITED', after));
}

describe('Retry-After on every 429', () => {
  it('formats the delay in French words', () => {
    expect(formatRetryDelay(1)).toBe('1 seconde');
    expect(formatRetryDelay(45)).toBe('45 secondes');
    expect(formatRetryDelay(60)).toBe('1 minute');
    expect(formatRetryDelay(61)).toBe('2 minutes');
    expect(formatRetryDelay(600)).toBe('10 minutes');
    expect(formatRetryDelay(3600)).toBe('60 minutes');
    expect(formatRetryDelay(3 * 3600)).toBe('3 heures');
    expect(retryAfterMessage('RATE_LIMITED', 420)).toBe(
      'Trop de tentatives. Veuillez réessayer dans 7 minutes.',
    );
  });

  it('identity limiter (sign-in per address)', async () => {
    const ip = freshIp();
    let res = await t.app.inject({ method: 'GET', url: '/' });
    for (let i = 0; i < 31; i++) {
      res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        remoteAddress: ip,
        payload: { email: `n${i}@example.fr`, password: 'Nope1234' },
      });
    }
    expectRetryAfter(res, 600);
  });

  it('identity limiter (one identifier from many addresses)', async () => {
    let res = await t.app.inject({ method: 'GET', url: '/' });
    for (let i = 0; i < 16; i++)
      res = await t.app.inject({
        method: 'GET',
        url: '/api/accounts/meme@example.fr/check-account-exists',
        remoteAddress: freshIp(),
      });
    expectRetryAfter(res, 600);
  });

  it('route limit of the rate-limit plugin (attach per IP, 30 an hour)', async () => {
    const ip = freshIp();
    let res = await t.app.inject({ method: 'GET', url: '/' });
    for (let i = 0; i < 31; i++) {
      const { headers } = await makeSignedInUser(t.database.db);
      res = await t.app.inject({
        method: 'POST',
        url: `/api/coproprietaires/code/CODE${String(i).padStart(5, '0')}/add-coproprietaire-to-user`,
        headers,
        remoteAddress: ip,
      });
    }
    expectRetryAfter(res, 3600);
  });

  it('a limit inside a handler (attach per user, 10 an hour)', async () => {
    const { headers } = await makeSignedInUser(t.database.db);
    let res = await t.app.inject({ method: 'GET', url: '/' });
    for (let i = 0; i < 11; i++)
      res = await t.app.inject({
        method: 'POST',
        url: `/api/coproprietaires/code/CODE${String(i).padStart(5, '0')}/add-coproprietaire-to-user`,
        headers,
        remoteAddress: freshIp(),
      });
    expectRetryAfter(res, 3600);
  });

  it('code resend too soon (RESEND_TOO_SOON keeps its message and says when)', async () => {
    const email = `renvoi${Date.now()}@example.fr`;
    const send = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/accounts/send-verify-email-code',
        remoteAddress: freshIp(),
        payload: { email },
      });
    const first = await send();
    expect(first.statusCode).toBe(200);
    const again = await send();
    expectRetryAfter(again, 60);
    expect(json(again).code).toBe('RESEND_TOO_SOON');
    expect(json(again).message).toMatch(
      /^Veuillez patienter avant de demander un nouveau code\. Veuillez réessayer dans (\d+ secondes?|1 minute)\.$/,
    );
  });
});
