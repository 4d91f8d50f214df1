import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { administrators, outbox, syndicAuditLog, users } from '../../../db/schema/index.js';
import { hashPassword } from '../../../lib/password.js';
import { makeSyndicWithKey } from '../../../test/factories.syndic.js';
import { createTestApp, json, type TestApp } from '../../../test/harness.js';
import { staffFixture } from './staff.fixture.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const { syndic, staffBody, signIn } = staffFixture(() => t);

describe('staff members in the syndic API', () => {
  it('creates a staff member with an account and one invitation e-mail; the same PUT again changes nothing', async () => {
    const b = await syndic();
    const res = await b.api('PUT', '/staff/GEST-1', staffBody(b.email.toUpperCase()));
    expect(res.statusCode).toBe(200);
    expect(json(res).data).toMatchObject({
      result: 'created',
      resource: { external_id: 'GEST-1', email: b.email, display_name: 'Sophie Garnier', status: 'invited' },
    });
    const mails = () => t.database.db.select().from(outbox).where(eq(outbox.recipient, b.email));
    const [mail] = await mails();
    expect(mail?.channel).toBe('email');
    expect(mail?.subject).toMatch(/^Votre accès à la messagerie de /);
    expect(mail?.body).toContain(`/s/${(b.s.syndic as unknown as { alias: string }).alias}/forgot-password`);
    const again = await b.api('PUT', '/staff/GEST-1', staffBody(b.email));
    expect(json(again).data.result).toBe('unchanged');
    expect(await mails()).toHaveLength(1);
    const list = await b.api('GET', '/staff');
    expect(json(list).data.items.map((i: { external_id: string }) => i.external_id)).toEqual(['GEST-1']);
    const audit = await t.database.db
      .select()
      .from(syndicAuditLog)
      .where(eq(syndicAuditLog.syndic_id, b.s.syndic.id));
    expect(
      audit
        .filter((a) => a.resource !== 'copropriete')
        .map((a) => `${a.action} ${a.resource}`)
        .sort(),
    ).toEqual(['created administrator', 'sent staff_invitation']);
  });

  it('gives a gestionnaire pushed before an account under the same external_id; a gestionnaire without one is no staff', async () => {
    const b = await syndic();
    await b.api('PUT', '/administrators/GEST-2', { first_name: 'Marc', last_name: 'Lefèvre' });
    expect((await b.api('GET', '/staff/GEST-2')).statusCode).toBe(404);
    expect(json(await b.api('GET', '/staff')).data.items).toEqual([]);
    const res = await b.api('PUT', '/staff/GEST-2', {
      first_name: 'Marc',
      last_name: 'Lefèvre',
      email: b.email,
    });
    expect(json(res).data).toMatchObject({
      result: 'updated',
      resource: { status: 'invited', email: b.email },
    });
  });

  it('answers 400 naming the field and writes nothing', async () => {
    const b = await syndic();
    const bad = await b.api('PUT', '/staff/GEST-3', {
      first_name: 'Sophie',
      last_name: '',
      email: 'pas-un-email',
    });
    expect(bad.statusCode).toBe(400);
    expect(json(bad).errors).toMatchObject({
      last_name: 'Ce champ est requis.',
      email: "Mauvaise syntaxe d'e-mail.",
    });
    // An e-mail already another syndic's staff account.
    const other = await syndic();
    await other.api('PUT', '/staff/X', staffBody(other.email));
    const taken = await b.api('PUT', '/staff/GEST-3', staffBody(other.email));
    expect(taken.statusCode).toBe(400);
    expect(Object.keys(json(taken).errors)).toEqual(['email']);
    const admins = await t.database.db
      .select()
      .from(administrators)
      .where(eq(administrators.syndic_id, b.s.syndic.id));
    expect(admins).toEqual([]);
    expect((await b.api('GET', '/staff/GEST-3')).statusCode).toBe(404);
  });

  it('a disabled staff member loses their sessions, can no longer sign in nor answer; another syndic gets 404', async () => {
    const b = await syndic();
    await b.api('PUT', '/staff/GEST-4', staffBody(b.email));
    // The invitation's forgot-password flow sets a password; here, directly.
    await t.database.db
      .update(users)
      .set({
        password_hash: await hashPassword('Garnier2024'),
        phone: `+3367${String(Date.now()).slice(-7)}`,
      })
      .where(eq(users.email, b.email));
    const login = await signIn(b.email, 'Garnier2024');
    expect(login.statusCode).toBe(200);
    const headers = { authorization: `Bearer ${json(login).data.token}` };
    expect(json(await b.api('GET', '/staff/GEST-4')).data.status).toBe('active');
    expect((await t.app.inject({ method: 'GET', url: '/api/staff/me', headers })).statusCode).toBe(200);

    const other = await makeSyndicWithKey(t.database.db);
    expect((await b.api('POST', '/staff/GEST-4/disable', undefined, other.headers)).statusCode).toBe(404);
    const off = await b.api('POST', '/staff/GEST-4/disable');
    expect(json(off).data).toMatchObject({ result: 'updated', resource: { status: 'disabled' } });
    expect(json(await b.api('POST', '/staff/GEST-4/disable')).data.result).toBe('unchanged');
    expect((await t.app.inject({ method: 'GET', url: '/api/accounts/profile', headers })).statusCode).toBe(
      401,
    );
    const again = await signIn(b.email, 'Garnier2024');
    expect(again.statusCode).toBe(403);
    expect(json(again)).toMatchObject({
      code: 'ACCOUNT_DISABLED',
      message: 'Ce compte a été désactivé par votre syndic.',
    });
  });
});
