import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  chatMessages,
  consentementsNotificationElectronique,
  conversations,
  coproprietaires,
  coproprietes,
  devices,
  outbox,
  paymentTransactions,
  sessions,
  syndicWebhookDeliveries,
  syndicWebhookEndpoints,
  users,
} from '../../db/schema/index.js';
import { makeCoproprietaire, makeSignedInUser, TEST_PASSWORD } from '../../test/factories.js';
import { createTestApp, json, type TestApp } from '../../test/harness.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** A user holding one record, with a device, a message written and a payment. */
async function holder() {
  const signed = await makeSignedInUser(t.database.db, { first_name: 'Léa', last_name: 'Fontaine' });
  const rec = await makeCoproprietaire(t.database.db, { user_id: signed.user.id, name: 'Fontaine Léa' });
  const db = t.database.db;
  await db
    .insert(devices)
    .values({ user_id: signed.user.id, device_token: 'secret-token-1', device_name: 'Pixel' });
  const [conv] = await db
    .insert(conversations)
    .values({ copropriete_id: rec.copropriete_id, key: `k-${rec.id}` })
    .returning();
  await db
    .insert(chatMessages)
    .values({ conversation_id: conv.id, created_by: rec.id, text: 'Bonjour, la porte du hall ferme mal.' });
  await db.insert(paymentTransactions).values({
    coproprietaire_id: rec.id,
    amount_cents: 12_345,
    net_cents: 12_345,
    date: new Date('2026-03-01T10:00:00Z'),
  });
  await db.insert(consentementsNotificationElectronique).values([
    {
      coproprietaire_id: rec.id,
      user_id: signed.user.id,
      given_at: new Date('2026-01-10T09:00:00Z'),
      given_by: 'onboarding',
      revoked_at: new Date('2026-02-03T18:30:00Z'),
      revoked_by: 'settings',
      revoked_user_id: signed.user.id,
    },
    {
      coproprietaire_id: rec.id,
      user_id: signed.user.id,
      given_at: new Date('2026-03-15T08:00:00Z'),
      given_by: 'settings',
    },
  ]);
  return { ...signed, rec };
}

describe('my data (RGPD art. 15 and 20)', () => {
  it('the JSON holds the account, records, devices, messages and payments, never a secret', async () => {
    const me = await holder();
    const res = await t.app.inject({ url: '/api/accounts/my-data', headers: me.headers });
    expect(res.statusCode, res.body).toBe(200);
    const d = json(res).data;
    expect(d.account).toMatchObject({ id: me.user.id, email: me.user.email, last_name: 'Fontaine' });
    expect(d.records.map((r: { id: string }) => r.id)).toEqual([me.rec.id]);
    expect(d.devices).toMatchObject([{ device_name: 'Pixel' }]);
    expect(d.messages).toMatchObject([{ text: 'Bonjour, la porte du hall ferme mal.' }]);
    expect(d.payments).toMatchObject([{ kind: 'payment', amount_cents: 12_345 }]);
    expect(d.consents).toEqual([
      {
        coproprietaire_id: me.rec.id,
        given_at: '2026-01-10T09:00:00.000Z',
        given_by: 'onboarding',
        revoked_at: '2026-02-03T18:30:00.000Z',
        revoked_by: 'settings',
      },
      {
        coproprietaire_id: me.rec.id,
        given_at: '2026-03-15T08:00:00.000Z',
        given_by: 'settings',
        revoked_at: null,
        revoked_by: null,
      },
    ]);
    expect(res.body).not.toContain('secret-token-1');
    expect(res.body).not.toContain('password');
  });

  it('the HTML page is readable French, an attachment, escaped', async () => {
    const me = await holder();
    await t.database.db
      .update(users)
      .set({
        first_name: '<script>x</script>',
        phone: '+33612345678',
        address: { full_address: '4 rue des Lilas 69003 Lyon', street: 'rue des Lilas', city: 'Lyon' },
      })
      .where(eq(users.id, me.user.id));
    const res = await t.app.inject({ url: '/api/accounts/my-data.html', headers: me.headers });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.headers['content-disposition']).toContain('attachment');
    expect(res.body).toContain('<h1>Mes données personnelles</h1>');
    expect(res.body).toContain('Messages écrits (1)');
    expect(res.body).toContain('Consentements à la notification électronique (2)');
    expect(res.body).toContain("<th>Donné par</th><td>«\u00a0Valider mes choix\u00a0» à l'accueil</td>");
    expect(res.body).toContain('123,45\u00a0€');
    // The address as written on an envelope, the phone as the French read it, never raw JSON.
    expect(res.body).toContain('<th>Adresse</th><td>4 rue des Lilas 69003 Lyon</td>');
    expect(res.body).toContain('<th>Téléphone</th><td>06 12 34 56 78</td>');
    expect(res.body).not.toContain('full_address');
    expect(res.body).toContain('&lt;script&gt;');
    expect(res.body).not.toContain('<script>x');
  });

  it("a second user gets their own data, never the first's; no token is a 401", async () => {
    const first = await holder();
    const second = await makeSignedInUser(t.database.db);
    const res = await t.app.inject({ url: '/api/accounts/my-data', headers: second.headers });
    expect(res.statusCode).toBe(200);
    expect(json(res).data.records).toEqual([]);
    expect(res.body).not.toContain(first.rec.id);
    expect(res.body).not.toContain('Fontaine');
    expect((await t.app.inject({ url: '/api/accounts/my-data' })).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/api/accounts/my-data.html' })).statusCode).toBe(401);
  });
});

describe('delete my account (RGPD art. 17)', () => {
  const del = (headers: Record<string, string>, payload: object) =>
    t.app.inject({ method: 'POST', url: '/api/accounts/delete', headers, payload });

  it('needs the word and the password', async () => {
    const me = await holder();
    const noWord = await del(me.headers, { password: TEST_PASSWORD, confirmation: 'oui' });
    expect(noWord.statusCode).toBe(400);
    expect(json(noWord).errors.confirmation).toContain('SUPPRIMER');
    const wrong = await del(me.headers, { password: 'Mauvais123', confirmation: 'SUPPRIMER' });
    expect(wrong.statusCode).toBe(400);
    expect(json(wrong).errors.password).toBeDefined();
    expect(
      (await t.database.db.select().from(users).where(eq(users.id, me.user.id)))[0].deleted_at,
    ).toBeNull();
  });

  it('erases the user, revokes the token, removes devices, detaches records and tells the syndic', async () => {
    const me = await holder();
    const [c] = await t.database.db
      .select({ syndic_id: coproprietes.syndic_id })
      .from(coproprietes)
      .where(eq(coproprietes.id, me.rec.copropriete_id));
    await t.database.db.insert(syndicWebhookEndpoints).values({
      syndic_id: c.syndic_id,
      url: 'https://hooks.example.fr/t',
      events: ['*'],
      secret_encrypted: 'x',
    });

    const res = await del(me.headers, { password: TEST_PASSWORD, confirmation: 'supprimer' });
    expect(res.statusCode, res.body).toBe(200);
    expect(json(res).data).toEqual({ ok: true, detached: 1 });

    expect((await t.app.inject({ url: '/api/accounts/profile', headers: me.headers })).statusCode).toBe(401);
    const [u] = await t.database.db.select().from(users).where(eq(users.id, me.user.id));
    expect(u).toMatchObject({ email: null, phone: null, first_name: '', last_name: '', password_hash: null });
    expect(u.deleted_at).not.toBeNull();
    const live = await t.database.db.select().from(sessions).where(eq(sessions.user_id, me.user.id));
    expect(live.every((s) => s.revoked_at !== null)).toBe(true);
    expect(await t.database.db.select().from(devices).where(eq(devices.user_id, me.user.id))).toHaveLength(0);
    // The record stays with the syndic, detached, its payment kept.
    const [rec] = await t.database.db.select().from(coproprietaires).where(eq(coproprietaires.id, me.rec.id));
    expect(rec.user_id).toBeNull();
    expect(rec.name).toBe('Fontaine Léa');
    expect(
      await t.database.db
        .select()
        .from(paymentTransactions)
        .where(eq(paymentTransactions.coproprietaire_id, me.rec.id)),
    ).toHaveLength(1);
    const [event] = await t.database.db
      .select()
      .from(syndicWebhookDeliveries)
      .where(eq(syndicWebhookDeliveries.syndic_id, c.syndic_id));
    expect(event.event_type).toBe('coproprietaire.detached');
    expect(JSON.parse(event.body).data).toMatchObject({
      coproprietaire: { id: me.rec.id },
      reason: 'account_deleted',
    });
    // Nobody signs in with the old credentials.
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: me.user.email, password: TEST_PASSWORD },
    });
    expect(login.statusCode).toBeGreaterThanOrEqual(400);
    // One last e-mail to the address the account had, confirming the deletion.
    const mails = await t.database.db.select().from(outbox).where(eq(outbox.recipient, me.user.email!));
    expect(mails.map((m) => m.subject)).toEqual(['Tantième\u202f: votre compte a été supprimé']);
    expect(mails[0].body).toContain('Bonjour Léa Fontaine,');
    expect(mails[0].body).toContain('Votre fiche de copropriétaire reste chez votre syndic');
  });
});
