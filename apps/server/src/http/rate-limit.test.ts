import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { captcha } from '../test/factories.identity.js';
import { createTestApp, json, type TestApp } from '../test/harness.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const login = async (email: string, withCaptcha = false) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: {
      email,
      password: 'Nope1234',
      ...(withCaptcha ? { captcha: await captcha(t, '127.0.0.1') } : {}),
    },
  });

describe('rate limits key on the parsed body', () => {
  it('limits one e-mail without locking out another e-mail from the same IP', async () => {
    let last = 0;
    for (let i = 0; i < 11; i++) last = (await login('victim@example.fr', i >= 5)).statusCode;
    expect(last).toBe(429);
    const other = await login('someone.else@example.fr');
    expect(other.statusCode).toBe(401);
    expect(json(other).code).toBe('USER_NOT_FOUND');
  });
});
