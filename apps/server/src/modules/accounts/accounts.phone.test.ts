import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/index.js';
import { makeSignedInUser, makeUser } from '../../test/factories.js';
import { call, captcha, freshPhone, lastCode } from '../../test/factories.identity.js';
import { setUp, t, wrong } from './accounts.fixture.js';

beforeAll(setUp);
afterAll(() => t.close());

describe('link phone (captcha, SMS code)', () => {
  it('sends an SMS after the captcha and sets the phone with the right code', async () => {
    const { user, headers } = await makeSignedInUser(t.database.db, { phone: null });
    const phone = freshPhone();
    expect(
      (await call(t, { method: 'GET', url: `/api/accounts/${encodeURIComponent(phone)}/check-phone-exists` }))
        .body.data.exists,
    ).toBe(false);
    const sent = await call(t, {
      method: 'POST',
      url: '/api/accounts/send-verify-phone-code',
      headers,
      payload: { phone, captcha: await captcha(t) },
    });
    expect(sent.status).toBe(200);
    const ttl = new Date(sent.body.data.expiration_date).getTime() - Date.now();
    expect(ttl).toBeGreaterThan(4 * 60_000);
    expect(ttl).toBeLessThanOrEqual(5 * 60_000);
    const code = (await lastCode(t.database.db, phone))!;
    const bad = await call(t, {
      method: 'PUT',
      url: '/api/accounts/update-user-phone',
      headers,
      payload: { phone, code: wrong(code) },
    });
    expect(bad.body).toMatchObject({ code: 'CODE_INVALID', message: 'Le code est invalide' });
    const ok = await call(t, {
      method: 'PUT',
      url: '/api/accounts/update-user-phone',
      headers,
      payload: { phone, code },
    });
    expect(ok.status).toBe(200);
    expect(ok.body.data.phone).toBe(phone);
    const [u] = await t.database.db.select().from(users).where(eq(users.id, user.id));
    expect(u.phone).toBe(phone);
  });

  it("refuses a missing, forged or replayed captcha with 'Veuillez vérifier avec captcha'", async () => {
    const { headers } = await makeSignedInUser(t.database.db, { phone: null });
    const missing = await call(t, {
      method: 'POST',
      url: '/api/accounts/send-verify-phone-code',
      headers,
      payload: { phone: freshPhone() },
    });
    expect(missing.status).toBe(400);
    expect(missing.body.errors.captcha).toBe('Veuillez vérifier avec captcha');
    const forged = Buffer.from(
      JSON.stringify({ algorithm: 'SHA-256', challenge: 'a', number: 1, salt: 'b', signature: 'c' }),
    ).toString('base64');
    const f = await call(t, {
      method: 'POST',
      url: '/api/accounts/send-verify-phone-code',
      headers,
      payload: { phone: freshPhone(), captcha: forged },
    });
    expect(f.status).toBe(400);
    expect(f.body).toMatchObject({ code: 'CAPTCHA_INVALID', message: 'Veuillez vérifier avec captcha' });
    const solved = await captcha(t);
    const first = await call(t, {
      method: 'POST',
      url: '/api/accounts/send-verify-phone-code',
      headers,
      payload: { phone: freshPhone(), captcha: solved },
    });
    expect(first.status).toBe(200);
    const replay = await call(t, {
      method: 'POST',
      url: '/api/accounts/send-verify-phone-code',
      headers,
      payload: { phone: freshPhone(), captcha: solved },
    });
    expect(replay.body.code).toBe('CAPTCHA_INVALID');
  });

  it("refuses a phone that already exists: 'Ce numéro de téléphone existe.'", async () => {
    const other = await makeUser(t.database.db);
    const { headers } = await makeSignedInUser(t.database.db, { phone: null });
    const exists = await call(t, {
      method: 'GET',
      url: `/api/accounts/${encodeURIComponent(other.phone!)}/check-phone-exists`,
    });
    expect(exists.body.data.exists).toBe(true);
    const res = await call(t, {
      method: 'POST',
      url: '/api/accounts/send-verify-phone-code',
      headers,
      payload: { phone: other.phone, captcha: await captcha(t) },
    });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ code: 'PHONE_EXISTS', message: 'Ce numéro de téléphone existe.' });
  });

  it('needs a session', async () => {
    const res = await call(t, {
      method: 'POST',
      url: '/api/accounts/send-verify-phone-code',
      payload: { phone: freshPhone(), captcha: 'x' },
    });
    expect(res.status).toBe(401);
  });
});

describe('phone sign-in', () => {
  it('sends an SMS code to a registered phone and signs in with it', async () => {
    const u = await makeUser(t.database.db);
    const unknown = await call(t, {
      method: 'POST',
      url: '/api/auth/phone/send-code',
      payload: { phone: freshPhone(), captcha: await captcha(t) },
    });
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe("Ce numéro de téléphone n'a pas encore été enregistré.");
    const none = await call(t, {
      method: 'POST',
      url: '/api/auth/phone/login',
      payload: { phone: u.phone, code: '123456' },
    });
    expect(none.body.message).toBe("Le code a expiré ou n'existe pas");
    const sent = await call(t, {
      method: 'POST',
      url: '/api/auth/phone/send-code',
      payload: { phone: u.phone, captcha: await captcha(t) },
    });
    expect(sent.status).toBe(200);
    const code = (await lastCode(t.database.db, u.phone!))!;
    const bad = await call(t, {
      method: 'POST',
      url: '/api/auth/phone/login',
      payload: { phone: u.phone, code: wrong(code) },
    });
    expect(bad.body).toMatchObject({ code: 'CODE_INVALID', message: 'Le code est invalide' });
    const ok = await call(t, {
      method: 'POST',
      url: '/api/auth/phone/login',
      payload: { phone: u.phone, code },
    });
    expect(ok.status).toBe(200);
    expect(ok.body.data.user.id).toBe(u.id);
    const reuse = await call(t, {
      method: 'POST',
      url: '/api/auth/phone/login',
      payload: { phone: u.phone, code },
    });
    expect(reuse.status).not.toBe(200);
  });
});
