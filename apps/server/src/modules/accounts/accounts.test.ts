import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coproprietaires, users, verificationCodes } from '../../db/schema/index.js';
import { makeCoproprietaire, makeUser } from '../../test/factories.js';
import {
  call,
  freshEmail,
  freshIp,
  invitationRow,
  lastCode,
  makeInvitation,
} from '../../test/factories.identity.js';
import { setUp, t, wrong } from './accounts.fixture.js';

beforeAll(setUp);
afterAll(() => t.close());

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
