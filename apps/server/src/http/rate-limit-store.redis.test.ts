import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeSignedInUser } from '../test/factories.js';
import { createTestApp, type TestApp } from '../test/harness.js';
import { limiterScope } from './rate-limit-store.js';

/** The rate-limit counters' Redis keys: this file runs with TEST_REDIS_URL (vitest.config.ts). */
let t: TestApp;
let redis: Redis;
beforeAll(async () => {
  t = await createTestApp();
  redis = new Redis(process.env.TEST_REDIS_URL!);
});
afterAll(async () => {
  await redis.quit();
  await t.close();
});

describe('rate-limit keys on Redis', () => {
  it('name the route, or the limiter made without one: never "undefined"', async () => {
    const ns = t.app.config.rateLimitNamespace;
    // A route limiter (the attach code per IP) and limiters without a route (sign-in, attach per user).
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'a@example.fr', password: 'Nope1234' },
    });
    const u = await makeSignedInUser(t.database.db);
    await t.app.inject({
      method: 'POST',
      url: '/api/coproprietaires/code/ABCDE1234/add-coproprietaire-to-user',
      headers: u.headers,
    });
    const keys = await redis.keys(`${ns}*`);
    expect(keys.length).toBeGreaterThan(0);
    for (const k of keys) expect(k).not.toContain('undefined');
    expect(keys.some((k) => k.startsWith(`${ns}limiter-login:`))).toBe(true);
    expect(keys.some((k) => k.startsWith(`${ns}POST/api/coproprietaires/code/`))).toBe(true);
    expect(keys.some((k) => k.startsWith(`${ns}limiter-attach:user:`))).toBe(true);
  });

  it.each([
    [{ routeInfo: { method: 'POST', url: '/api/auth/login' } }, 'POST/api/auth/login-'],
    [{ routeInfo: {} }, 'limiter-'],
    [{}, 'limiter-'],
  ])('scope of %j is %s', (o, scope) => expect(limiterScope(o)).toBe(scope));
});
