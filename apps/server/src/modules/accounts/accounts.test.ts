import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coproprietaires, sessions, users, verificationCodes } from '../../db/schema/index.js';
import {
  makeCoproprietaire,
  makeSignedInUser,
  makeSyndic,
  makeUser,
  TEST_PASSWORD,
} from '../../test/factories.js';
import {
  call,
  captcha,
  freshEmail,
  freshIp,
  freshPhone,
  invitationRow,
  lastCode,
  makeInvitation,
} from '../../test/factories.identity.js';
import { createTestApp, type TestApp } from '../../test/harness.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const wrong = (code: string) => (code === '000000' ? '111111' : '000000');

async function verifiedEmail(email: string) {
  const sent = await call(t, {
    method: 'POST',
    url: '/api/accounts/send-verify-email-code',
    payload: { email },
  });
  expect(sent.status).toBe(200);
  const code = (await lastCode(t.database.db, email))!;
  const v = await call(t, {
    method: 'POST',
    url: '/api/accounts/verify-email-code',
    payload: { email, code },
  });
  expect(v.status).toBe(200);
  return v.body.data.id as string;
}

async function registered(extra: Record<string, unknown> = {}) {
  const email = freshEmail();
  const id = await verifiedEmail(email);
  const res = await call(t, {
    method: 'POST',
    url: '/api/accounts/register',
    payload: { id, email, password: 'Nouveau123', first_name: 'Léa', last_name: 'Garnier', ...extra },
  });
  return { email, id, res };
}

describe('register: e-mail code, account, invitation', () => {
  it('runs input_data → verify → register and signs the new user in', async () => {
    const email = freshEmail();
    const exists = await call(t, { method: 'GET', url: `/api/accounts/${email}/check-account-exists` });
    expect(exists.body.data.exists).toBe(false);
    const sent = await call(t, {
      method: 'POST',
      url: '/api/accounts/send-verify-email-code',
      payload: { email, full_name: 'Léa Garnier' },
    });
    expect(sent.status).toBe(200);
    const exp = new Date(sent.body.data.expiration_date).getTime() - Date.now();
    expect(exp).toBeGreaterThan(9 * 60_000);
    expect(exp).toBeLessThanOrEqual(10 * 60_000);
    const code = (await lastCode(t.database.db, email))!;
    expect(code).toMatch(/^\d{6}$/);
    // hashed at rest: the plain code is nowhere in the codes table
    const [row] = await t.database.db
      .select()
      .from(verificationCodes)
      .where(eq(verificationCodes.target, email));
    expect(row.code_hash).not.toContain(code);
    expect(row.code_hash.length).toBeGreaterThan(20);

    const bad = await call(t, {
      method: 'POST',
      url: '/api/accounts/verify-email-code',
      payload: { email, code: wrong(code) },
    });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ code: 'CODE_INVALID', message: 'Le code est invalide' });
    const ok = await call(t, {
      method: 'POST',
      url: '/api/accounts/verify-email-code',
      payload: { email, code },
    });
    const reg = await call(t, {
      method: 'POST',
      url: '/api/accounts/register',
      payload: {
        id: ok.body.data.id,
        email,
        password: 'Nouveau123',
        first_name: 'Léa',
        last_name: 'Garnier',
      },
    });
    expect(reg.status).toBe(200);
    expect(reg.body.data.user).toMatchObject({ email, phone: null, first_name: 'Léa', last_name: 'Garnier' });
    expect(reg.body.data.coproprietaire_id).toBeNull();
    expect(reg.raw.body).not.toMatch(/password|argon/i);
    const me = await call(t, {
      method: 'GET',
      url: '/api/accounts/profile',
      headers: { authorization: `Bearer ${reg.body.data.token}` },
    });
    expect(me.body.data.email).toBe(email);
    const [u] = await t.database.db.select().from(users).where(eq(users.email, email));
    expect(u.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  });

  it("refuses an existing e-mail with 'Cet e-mail existait.'", async () => {
    const u = await makeUser(t.database.db);
    const exists = await call(t, { method: 'GET', url: `/api/accounts/${u.email}/check-account-exists` });
    expect(exists.body.data.exists).toBe(true);
    const res = await call(t, {
      method: 'POST',
      url: '/api/accounts/send-verify-email-code',
      payload: { email: u.email },
    });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ code: 'EMAIL_EXISTS', message: 'Cet e-mail existait.' });
  });

  it('validates the password rule and the e-mail syntax in French', async () => {
    const email = freshEmail();
    const id = await verifiedEmail(email);
    const res = await call(t, {
      method: 'POST',
      url: '/api/accounts/register',
      payload: { id, email, password: 'faible', first_name: '', last_name: 'X' },
    });
    expect(res.status).toBe(400);
    expect(res.body.errors.password).toBe(
      'Le mot de passe doit comporter au moins 7 caractères, dont au moins 1 lettre majuscule, 1 lettre minuscule et 1 chiffre.',
    );
    expect(res.body.errors.first_name).toBe('Ce champ est requis.');
    const bad = await call(t, {
      method: 'POST',
      url: '/api/accounts/send-verify-email-code',
      payload: { email: 'pas-un-email' },
    });
    expect(bad.body.errors.email).toBe("Mauvaise syntaxe d'e-mail.");
  });

  it('needs a verified code id for that e-mail, usable once', async () => {
    const { email, id, res } = await registered();
    expect(res.status).toBe(200);
    const again = await call(t, {
      method: 'POST',
      url: '/api/accounts/register',
      payload: { id, email: freshEmail(), password: 'Nouveau123', first_name: 'A', last_name: 'B' },
    });
    expect(again.status).toBe(400);
    expect(again.body).toMatchObject({ code: 'CODE_EXPIRED', message: 'Le code a expiré' });
    const other = await verifiedEmail(freshEmail());
    const mismatch = await call(t, {
      method: 'POST',
      url: '/api/accounts/register',
      payload: { id: other, email: `x${email}`, password: 'Nouveau123', first_name: 'A', last_name: 'B' },
    });
    expect(mismatch.body.code).toBe('CODE_EXPIRED');
  });

  it('attaches the invitation of ?code= after creating the account', async () => {
    const rec = await makeCoproprietaire(t.database.db);
    const inv = await makeInvitation(t.database.db, rec.id);
    const { res } = await registered({ code: inv.code });
    expect(res.status).toBe(200);
    expect(res.body.data.coproprietaire_id).toBe(rec.id);
    const [c] = await t.database.db.select().from(coproprietaires).where(eq(coproprietaires.id, rec.id));
    expect(c.user_id).toBe(res.body.data.user.id);
    expect(c.attached_at).toBeInstanceOf(Date);
    expect((await invitationRow(t.database.db, inv.code)).status).toBe(2);
  });

  it('refuses a used invitation before creating any account', async () => {
    const rec = await makeCoproprietaire(t.database.db);
    const inv = await makeInvitation(t.database.db, rec.id, { status: 2 });
    const { email, res } = await registered({ code: inv.code });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ code: 'INVITATION_USED', message: 'Ce code est déjà utilisé' });
    const rows = await t.database.db.select().from(users).where(eq(users.email, email));
    expect(rows).toHaveLength(0);
  });
});

describe('one-time codes', () => {
  it('die after 5 wrong tries, even for the right code', async () => {
    const email = freshEmail();
    await call(t, { method: 'POST', url: '/api/accounts/send-verify-email-code', payload: { email } });
    const code = (await lastCode(t.database.db, email))!;
    const ip = freshIp();
    for (let i = 0; i < 5; i++) {
      const r = await call(t, {
        method: 'POST',
        url: '/api/accounts/verify-email-code',
        payload: { email, code: wrong(code) },
        ip,
      });
      expect(r.body.code).toBe('CODE_INVALID');
    }
    const right = await call(t, {
      method: 'POST',
      url: '/api/accounts/verify-email-code',
      payload: { email, code },
    });
    expect(right.status).toBe(400);
    expect(right.body).toMatchObject({ code: 'CODE_EXPIRED', message: 'Le code a expiré' });
  });

  it('expire (e-mail after 10 min)', async () => {
    const email = freshEmail();
    await call(t, { method: 'POST', url: '/api/accounts/send-verify-email-code', payload: { email } });
    const code = (await lastCode(t.database.db, email))!;
    await t.database.db
      .update(verificationCodes)
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where(eq(verificationCodes.target, email));
    const r = await call(t, {
      method: 'POST',
      url: '/api/accounts/verify-email-code',
      payload: { email, code },
    });
    expect(r.body).toMatchObject({ code: 'CODE_EXPIRED', message: 'Le code a expiré' });
  });

  it('limit resends: one per 60 s, five per hour', async () => {
    const email = freshEmail();
    const send = () =>
      call(t, { method: 'POST', url: '/api/accounts/send-verify-email-code', payload: { email } });
    expect((await send()).status).toBe(200);
    const soon = await send();
    expect(soon.status).toBe(429);
    expect(soon.body.code).toBe('RESEND_TOO_SOON');
    expect(soon.body.message).toMatch(
      /^Veuillez patienter avant de demander un nouveau code\. Veuillez réessayer dans (1 minute|\d+ secondes)\.$/,
    );
    // four more sends, each "61 s" after the previous one
    for (let i = 0; i < 4; i++) {
      await t.database.db
        .update(verificationCodes)
        .set({ created_at: new Date(Date.now() - 61_000 * (i + 1)) })
        .where(eq(verificationCodes.target, email));
      expect((await send()).status).toBe(200);
    }
    await t.database.db
      .update(verificationCodes)
      .set({ created_at: new Date(Date.now() - 5 * 60_000) })
      .where(eq(verificationCodes.target, email));
    const sixth = await send();
    expect(sixth.status).toBe(429);
    expect(sixth.body.code).toBe('RATE_LIMITED');
    expect(sixth.body.message).toContain('Trop de tentatives');
  });
});

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

describe('profile and avatar', () => {
  it('updates the name', async () => {
    const { headers } = await makeSignedInUser(t.database.db);
    const res = await call(t, {
      method: 'PUT',
      url: '/api/accounts/update-user-profile',
      headers,
      payload: { first_name: 'Marie', last_name: 'de La Tour' },
    });
    expect(res.body.data).toMatchObject({ first_name: 'Marie', last_name: 'de La Tour' });
  });

  it('uploads an avatar through a presigned URL and serves it signed', async () => {
    const { headers } = await makeSignedInUser(t.database.db);
    const pre = await call(t, {
      method: 'POST',
      url: '/api/accounts/avatar-presigned-url',
      headers,
      payload: { file_name: 'moi.png', file_type: 'image/png' },
    });
    expect(pre.status).toBe(200);
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
      'base64',
    );
    const put = await t.app.inject({
      method: 'PUT',
      url: pre.body.data.upload_url,
      headers: { 'content-type': 'image/png' },
      payload: png,
    });
    expect(put.statusCode).toBe(200);
    const set = await call(t, {
      method: 'PUT',
      url: '/api/accounts/upload-account-avatar',
      headers,
      payload: { key: pre.body.data.key },
    });
    expect(set.status).toBe(200);
    expect(set.body.data.avatar).toMatch(/^\/files\/avatars\/.+\.png\?e=\d+&s=/);
    const img = await t.app.inject({ method: 'GET', url: set.body.data.avatar });
    expect(img.statusCode).toBe(200);
    expect(img.headers['content-type']).toContain('image/png');
  });

  it('the upload URL writes once, and the accepted avatar cannot be swapped', async () => {
    const { headers } = await makeSignedInUser(t.database.db);
    const pre = await call(t, {
      method: 'POST',
      url: '/api/accounts/avatar-presigned-url',
      headers,
      payload: { file_name: 'moi.png', file_type: 'image/png' },
    });
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
      'base64',
    );
    const put = (payload: Buffer) =>
      t.app.inject({
        method: 'PUT',
        url: pre.body.data.upload_url,
        headers: { 'content-type': 'image/png' },
        payload,
      });
    expect((await put(png)).statusCode).toBe(200);
    const set = await call(t, {
      method: 'PUT',
      url: '/api/accounts/upload-account-avatar',
      headers,
      payload: { key: pre.body.data.key },
    });
    expect(set.status).toBe(200);
    // The served object is a copy under a key no upload URL was issued for.
    const served = new URL(set.body.data.avatar, 'http://x').pathname.replace(/^\/files\//, '');
    expect(served).not.toBe(pre.body.data.key);
    expect(served).toMatch(/\/accepted\//);
    // A second PUT on the still-unexpired URL is refused, whatever it carries.
    const script = Buffer.from('<script>alert(1)</script>');
    const swap = await put(script);
    expect(swap.statusCode).toBe(409);
    expect(swap.json()).toMatchObject({ success: false, code: 'CONFLICT' });
    // Even if the upload object were overwritten (S3 cannot refuse a second presigned PUT),
    // what is served stays the checked image.
    await t.app.platform.storage.put(pre.body.data.key, script, 'image/png');
    const img = await t.app.inject({ method: 'GET', url: set.body.data.avatar });
    expect(img.statusCode).toBe(200);
    expect(img.rawPayload.equals(png)).toBe(true);
  });

  it("refuses someone else's key, a non-image and a PDF type", async () => {
    const a = await makeSignedInUser(t.database.db);
    const b = await makeSignedInUser(t.database.db);
    const pre = await call(t, {
      method: 'POST',
      url: '/api/accounts/avatar-presigned-url',
      headers: a.headers,
      payload: { file_name: 'x.gif', file_type: 'image/gif' },
    });
    await t.app.inject({
      method: 'PUT',
      url: pre.body.data.upload_url,
      payload: Buffer.from('not an image'),
    });
    const foreign = await call(t, {
      method: 'PUT',
      url: '/api/accounts/upload-account-avatar',
      headers: b.headers,
      payload: { key: pre.body.data.key },
    });
    expect(foreign.body.code).toBe('AVATAR_INVALID');
    const fake = await call(t, {
      method: 'PUT',
      url: '/api/accounts/upload-account-avatar',
      headers: a.headers,
      payload: { key: pre.body.data.key },
    });
    expect(fake.body.code).toBe('AVATAR_INVALID');
    const pdf = await call(t, {
      method: 'POST',
      url: '/api/accounts/avatar-presigned-url',
      headers: a.headers,
      payload: { file_name: 'x.pdf', file_type: 'application/pdf' },
    });
    expect(pdf.status).toBe(400);
  });
});

describe('syndic branding', () => {
  it('gives a signed logo URL, or the default branding', async () => {
    await t.app.platform.storage.put(
      'syndics/test/logo.svg',
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'),
      'image/svg+xml',
    );
    const own = await makeSyndic(t.database.db, {
      alias: 'testlogo',
      logo_url: 'syndics/test/logo.svg',
      use_synple: false,
    });
    await makeSyndic(t.database.db, { alias: 'testdefault', logo_url: null, use_synple: true });
    const a = await call(t, { method: 'GET', url: '/api/accounts/syndic-alias/testlogo' });
    expect(a.body.data).toMatchObject({ name: own.name, use_synple: false });
    expect(a.body.data.source_url).toMatch(/^\/files\/syndics\/test\/logo\.svg\?e=/);
    expect((await t.app.inject({ method: 'GET', url: a.body.data.source_url })).statusCode).toBe(200);
    const b = await call(t, { method: 'GET', url: '/api/accounts/syndic-alias/testdefault' });
    expect(b.body.data).toMatchObject({ use_synple: true, source_url: null });
    expect((await call(t, { method: 'GET', url: '/api/accounts/syndic-alias/inconnu' })).status).toBe(404);
  });
});

describe('sessions', () => {
  it('are stored hashed', async () => {
    const { token, user } = await makeSignedInUser(t.database.db);
    const rows = await t.database.db.select().from(sessions).where(eq(sessions.user_id, user.id));
    expect(rows[0].token_hash).not.toBe(token);
    expect(rows[0].token_hash).toMatch(/^[0-9a-f]{64}$/);
  });
});
