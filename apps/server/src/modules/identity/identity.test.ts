import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeSignedInUser, makeUser, TEST_PASSWORD } from '../../test/factories.js';
import { captcha } from '../../test/factories.identity.js';
import { createTestApp, json, type TestApp } from '../../test/harness.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('sign-in by e-mail and password', () => {
  it('returns a bearer token and the user without any secret', async () => {
    const user = await makeUser(t.database.db, { email: 'anne@example.fr' });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'Anne@Example.fr', password: TEST_PASSWORD },
    });
    expect(res.statusCode).toBe(200);
    const body = json(res);
    expect(body.data.user.id).toBe(user.id);
    expect(body.data.token).toMatch(/^[\w-]{40,}$/);
    expect(res.body).not.toContain('password');
    expect(res.body).not.toContain('argon2');
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/accounts/profile',
      headers: { authorization: `Bearer ${body.data.token}` },
    });
    expect(json(me).data.email).toBe('anne@example.fr');
  });

  it('answers 401 USER_NOT_FOUND for an unknown e-mail and WRONG_PASSWORD for a bad password', async () => {
    await makeUser(t.database.db, { email: 'bob@example.fr' });
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'nobody@example.fr', password: 'x' },
    });
    expect(unknown.statusCode).toBe(401);
    expect(json(unknown).code).toBe('USER_NOT_FOUND');
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'bob@example.fr', password: 'Wrong1234' },
    });
    expect(wrong.statusCode).toBe(401);
    expect(json(wrong)).toMatchObject({
      code: 'WRONG_PASSWORD',
      message: 'Le mot de passe ne correspond pas.',
    });
  });

  it('logout revokes the token', async () => {
    const { headers } = await makeSignedInUser(t.database.db);
    expect((await t.app.inject({ method: 'GET', url: '/api/accounts/profile', headers })).statusCode).toBe(
      200,
    );
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers })).statusCode).toBe(200);
    const after = await t.app.inject({ method: 'GET', url: '/api/accounts/profile', headers });
    expect(after.statusCode).toBe(401);
    expect(json(after).code).toBe('UNAUTHORIZED');
  });

  it('asks a captcha after 5 failures, then rate-limits the address with a French 429', async () => {
    let last = 0;
    let body: any;
    const codes: string[] = [];
    for (let i = 0; i < 12; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: {
          email: 'brute@example.fr',
          password: 'Nope1234',
          ...(i >= 5 ? { captcha: await captcha(t, '127.0.0.1') } : {}),
        },
      });
      last = res.statusCode;
      body = json(res);
      codes.push(body.code);
    }
    expect(codes.slice(0, 10)).toEqual(Array(10).fill('USER_NOT_FOUND'));
    expect(last).toBe(429);
    expect(body).toMatchObject({ success: false, code: 'RATE_LIMITED' });
    expect(body.message).toMatch(/^Trop de tentatives\. Veuillez réessayer dans \d+ minutes?\.$/);
  });
});
