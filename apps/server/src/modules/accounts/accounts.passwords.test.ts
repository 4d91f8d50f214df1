import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verificationCodes } from '../../db/schema/index.js';
import { makeSignedInUser, makeUser, TEST_PASSWORD } from '../../test/factories.js';
import { call, freshEmail, freshIp, lastCode } from '../../test/factories.identity.js';
import { setUp, t, wrong } from './accounts.fixture.js';

beforeAll(setUp);
afterAll(() => t.close());

describe('passwords', () => {
  it('change password: wrong old password, then success revoking the other sessions', async () => {
    const { user, headers } = await makeSignedInUser(t.database.db);
    const otherLogin = await call(t, {
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: user.email, password: TEST_PASSWORD },
    });
    const other = { authorization: `Bearer ${otherLogin.body.data.token}` };
    const bad = await call(t, {
      method: 'PUT',
      url: '/api/accounts/change-password',
      headers,
      payload: { old_password: 'Mauvais123', new_password: 'Nouveau456' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({
      code: 'WRONG_OLD_PASSWORD',
      message: "L'ancien mot de passe ne correspond pas.",
    });
    const ok = await call(t, {
      method: 'PUT',
      url: '/api/accounts/change-password',
      headers,
      payload: { old_password: TEST_PASSWORD, new_password: 'Nouveau456' },
    });
    expect(ok.status).toBe(200);
    expect((await call(t, { method: 'GET', url: '/api/accounts/profile', headers })).status).toBe(200);
    expect((await call(t, { method: 'GET', url: '/api/accounts/profile', headers: other })).status).toBe(401);
    const relog = await call(t, {
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: user.email, password: 'Nouveau456' },
    });
    expect(relog.status).toBe(200);
  });

  it('forgot password: unknown e-mail, wrong and expired codes, reset revoking every session', async () => {
    const { user, headers } = await makeSignedInUser(t.database.db);
    const email = user.email!;
    const unknown = await call(t, {
      method: 'POST',
      url: '/api/accounts/forgot-password',
      payload: { email: freshEmail() },
    });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ code: 'ACCOUNT_NOT_FOUND', message: "Cet e-mail n'existe pas." });
    const sent = await call(t, { method: 'POST', url: '/api/accounts/forgot-password', payload: { email } });
    expect(sent.status).toBe(200);
    const code = (await lastCode(t.database.db, email))!;
    const q = `?email=${encodeURIComponent(email)}`;
    const bad = await call(t, {
      method: 'GET',
      url: `/api/accounts/${wrong(code)}/check-forgot-password${q}`,
    });
    expect(bad.body.message).toBe('Ce code ne correspond pas.');
    const good = await call(t, { method: 'GET', url: `/api/accounts/${code}/check-forgot-password${q}` });
    expect(good.status).toBe(200);
    const weak = await call(t, {
      method: 'PUT',
      url: `/api/accounts/${code}/reset-password`,
      payload: { email, new_password: 'abc' },
    });
    expect(weak.status).toBe(400);
    const reset = await call(t, {
      method: 'PUT',
      url: `/api/accounts/${code}/reset-password`,
      payload: { email, new_password: 'Retrouve789' },
    });
    expect(reset.status).toBe(200);
    expect((await call(t, { method: 'GET', url: '/api/accounts/profile', headers })).status).toBe(401);
    const login = await call(t, {
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password: 'Retrouve789' },
    });
    expect(login.status).toBe(200);
    const reuse = await call(t, {
      method: 'PUT',
      url: `/api/accounts/${code}/reset-password`,
      payload: { email, new_password: 'Encore789A' },
    });
    expect(reuse.status).toBe(404);
    expect(reuse.body.message).toBe('Ce code ne correspond pas.');
    // an expired request
    await t.database.db
      .update(verificationCodes)
      .set({ created_at: new Date(Date.now() - 120_000) })
      .where(eq(verificationCodes.target, email));
    await call(t, { method: 'POST', url: '/api/accounts/forgot-password', payload: { email } });
    const code2 = (await lastCode(t.database.db, email))!;
    await t.database.db
      .update(verificationCodes)
      .set({ expires_at: new Date(Date.now() - 1) })
      .where(eq(verificationCodes.target, email));
    const expired = await call(t, { method: 'GET', url: `/api/accounts/${code2}/check-forgot-password${q}` });
    expect(expired.body).toMatchObject({ code: 'CODE_EXPIRED', message: 'La demande a expiré.' });
  });
});

describe('rate limits (429 in French), per IP and per identifier', () => {
  it('limits one identifier across many IPs', async () => {
    const email = freshEmail();
    let last = 0;
    let body: any;
    for (let i = 0; i < 16; i++) {
      const r = await call(t, { method: 'GET', url: `/api/accounts/${email}/check-account-exists` });
      last = r.status;
      body = r.body;
    }
    expect(last).toBe(429);
    expect(body).toMatchObject({
      code: 'RATE_LIMITED',
      message: 'Trop de tentatives. Veuillez réessayer dans 10 minutes.',
    });
  });

  it('limits one IP across many identifiers', async () => {
    const ip = freshIp();
    let last = 0;
    for (let i = 0; i < 31; i++) {
      last = (await call(t, { method: 'GET', url: `/api/accounts/${freshEmail()}/check-account-exists`, ip }))
        .status;
    }
    expect(last).toBe(429);
  });

  it('sign-in failures of one e-mail across IPs ask a captcha, never a 429 below the ceiling (decision 46)', async () => {
    const u = await makeUser(t.database.db);
    const statuses: (string | number)[] = [];
    for (let i = 0; i < 11; i++) {
      const r = await call(t, {
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: u.email, password: 'Faux1234' },
      });
      statuses.push(r.status === 400 ? r.body.code : r.status);
    }
    expect(statuses).toEqual([...Array(5).fill(401), ...Array(6).fill('CAPTCHA_REQUIRED')]);
  });
});
