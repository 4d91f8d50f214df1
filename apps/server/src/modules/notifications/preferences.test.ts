import { buildPath, notificationPreferenceEndpoints as e } from '@tantieme/contract';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coproprietaireSettings, coproprietaires, devices, outbox } from '../../db/schema/index.js';
import { makeCoproprietaire, makeCopropriete, makeSignedInUser } from '../../test/factories.js';
import { createTestApp, json, type TestApp } from '../../test/harness.js';
import { notify, sendMessage } from './notify.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const db = () => t.database.db;
const url = (path: string, params: Record<string, string>) => `/api${buildPath(path, params)}`;
const SUB = (n: number) =>
  JSON.stringify({
    endpoint: `https://push.example.test/send/${n}`,
    keys: { p256dh: `p${n}`, auth: `a${n}` },
  });

/** A co-owner with an account (e-mail and phone), a contact e-mail and `deviceCount` push devices. */
async function owner(o: { phone?: string | null; deviceCount?: number } = {}) {
  const s = await makeSignedInUser(db(), o.phone === undefined ? {} : { phone: o.phone });
  const copro = await makeCopropriete(db());
  const rec = await makeCoproprietaire(db(), {
    user_id: s.user.id,
    copropriete_id: copro.id,
    user_supplement_info: { contact: { email: s.user.email, phone: null } },
  });
  const devs = [];
  for (let i = 0; i < (o.deviceCount ?? 0); i++)
    devs.push(
      (
        await db()
          .insert(devices)
          .values({ user_id: s.user.id, device_token: SUB(Math.random()) })
          .returning()
      )[0],
    );
  return { ...s, copro, rec, deviceIds: devs.map((d) => d.id) };
}
type Owner = Awaited<ReturnType<typeof owner>>;

const choose = (o: Owner, changes: { kind: string; channel: string; enabled: boolean }[]) =>
  t.app.inject({
    method: 'PUT',
    url: url(e.put.path, { coproprieteId: o.copro.id, coproprietaireId: o.rec.id }),
    headers: o.headers,
    payload: { changes },
  });

/** The outbox rows a send wrote, as `channel → recipients`. */
async function sent(ids: string[]) {
  const rows = await db().select().from(outbox).where(inArray(outbox.ref_id, ids));
  const out: Record<string, string[]> = {};
  for (const r of rows) out[r.channel] = [...(out[r.channel] ?? []), r.recipient];
  for (const k of Object.keys(out)) out[k].sort();
  return out;
}

describe('notification preferences (GET / PUT …/notification-preferences)', () => {
  it('answers the defaults: e-mail and push on, SMS off, for every kind', async () => {
    const o = await owner();
    const res = await t.app.inject({
      method: 'GET',
      url: url(e.get.path, { id: o.rec.id }),
      headers: o.headers,
    });
    expect(res.statusCode).toBe(200);
    const data = json(res).data;
    expect(Object.keys(data.matrix)).toEqual([
      'assemblees',
      'paiements',
      'documents',
      'messages',
      'messagerie',
      'signalements',
    ]);
    for (const c of Object.values(data.matrix)) expect(c).toEqual({ email: true, sms: false, push: true });
    expect(data).toMatchObject({ allow: true, has_phone: true, has_contact_email: true });
  });

  it('stores a choice per record and answers the new matrix', async () => {
    const o = await owner();
    const res = await choose(o, [
      { kind: 'documents', channel: 'email', enabled: false },
      { kind: 'signalements', channel: 'sms', enabled: true },
    ]);
    expect(res.statusCode).toBe(200);
    expect(json(res).data.matrix.documents).toEqual({ email: false, sms: false, push: true });
    expect(json(res).data.matrix.signalements).toEqual({ email: true, sms: true, push: true });
    const again = await t.app.inject({
      method: 'GET',
      url: url(e.get.path, { id: o.rec.id }),
      headers: o.headers,
    });
    expect(json(again).data.matrix.documents.email).toBe(false);
  });

  it('the fund-call e-mail cell is the setting receive-appel-de-fond-via-email', async () => {
    const o = await owner();
    expect((await choose(o, [{ kind: 'paiements', channel: 'email', enabled: false }])).statusCode).toBe(200);
    const [row] = await db()
      .select()
      .from(coproprietaireSettings)
      .where(eq(coproprietaireSettings.coproprietaire_id, o.rec.id));
    expect(row).toMatchObject({ key: 'receive-appel-de-fond-via-email', value: '0' });

    // Without a contact e-mail it cannot be turned on, and nothing else of the call is kept.
    await db()
      .update(coproprietaires)
      .set({ user_supplement_info: {} })
      .where(eq(coproprietaires.id, o.rec.id));
    const res = await choose(o, [
      { kind: 'paiements', channel: 'email', enabled: true },
      { kind: 'documents', channel: 'sms', enabled: true },
    ]);
    expect(res.statusCode).toBe(409);
    expect(json(res).code).toBe('CONTACT_EMAIL_REQUIRED');
    const after = await t.app.inject({
      method: 'GET',
      url: url(e.get.path, { id: o.rec.id }),
      headers: o.headers,
    });
    expect(json(after).data.matrix.documents.sms).toBe(false);
  });

  it('another user gets 404, reading or writing', async () => {
    const o = await owner();
    const other = await makeSignedInUser(db());
    const read = await t.app.inject({
      method: 'GET',
      url: url(e.get.path, { id: o.rec.id }),
      headers: other.headers,
    });
    expect(read.statusCode).toBe(404);
    const write = await choose({ ...o, headers: other.headers }, [
      { kind: 'documents', channel: 'sms', enabled: true },
    ]);
    expect(write.statusCode).toBe(404);
  });

  it('refuses unknown kinds, channels and empty changes with 400', async () => {
    const o = await owner();
    for (const changes of [
      [{ kind: 'fax', channel: 'email', enabled: true }],
      [{ kind: 'documents', channel: 'pigeon', enabled: true }],
      [{ kind: 'documents', channel: 'email', enabled: 'yes' }],
      [],
    ]) {
      const res = await choose(o, changes as never);
      expect(res.statusCode).toBe(400);
    }
  });
});

describe('a message goes only where chosen', () => {
  it('each channel as the kind of event asks: documents by SMS and push, chat by e-mail and push', async () => {
    const o = await owner({ deviceCount: 2 });
    await choose(o, [
      { kind: 'documents', channel: 'email', enabled: false },
      { kind: 'documents', channel: 'sms', enabled: true },
    ]);
    const doc = await notify(
      t.app,
      { coproprietaireId: o.rec.id },
      { title: 'Nouveau document', body: 'PV', type: 'DOCUMENT' },
    );
    expect(await sent(doc.ids)).toEqual({ push: [...o.deviceIds].sort(), sms: [o.user.phone] });

    const chat = await notify(
      t.app,
      { coproprietaireId: o.rec.id },
      { title: 'Nouveau message', body: 'Bonjour', type: 'CHAT' },
    );
    expect(await sent(chat.ids)).toEqual({ push: [...o.deviceIds].sort(), email: [o.user.email] });
  });

  it('signalements follow their own row', async () => {
    const o = await owner({ deviceCount: 1 });
    await choose(o, [
      { kind: 'signalements', channel: 'push', enabled: false },
      { kind: 'signalements', channel: 'email', enabled: false },
    ]);
    const res = await notify(
      t.app,
      { coproprietaireId: o.rec.id },
      { title: 'Signalement pris en compte', body: 'Ascenseur', type: 'SIGNALEMENT' },
    );
    expect(await sent(res.ids)).toEqual({});
  });

  it('messages from the syndic follow the messages row', async () => {
    const o = await owner({ deviceCount: 1 });
    await choose(o, [
      { kind: 'messages', channel: 'push', enabled: false },
      { kind: 'messages', channel: 'sms', enabled: true },
    ]);
    const res = await sendMessage(
      t.app,
      { coproprietaireId: o.rec.id },
      { title: 'Travaux', body: 'Ravalement' },
    );
    expect(await sent(res.ids)).toEqual({ email: [o.user.email], sms: [o.user.phone] });
  });

  it('SMS only with a phone; push only to registered devices', async () => {
    const o = await owner({ phone: null, deviceCount: 0 });
    await choose(o, [{ kind: 'assemblees', channel: 'sms', enabled: true }]);
    const res = await notify(
      t.app,
      { coproprietaireId: o.rec.id },
      { title: 'Vote ouvert', body: 'AG', type: 'ASSEMBLEE' },
    );
    expect(await sent(res.ids)).toEqual({ email: [o.user.email] });
  });

  it('the contact phone of onboarding when the account has none', async () => {
    const o = await owner({ phone: null });
    await db()
      .update(coproprietaires)
      .set({ user_supplement_info: { contact: { email: o.user.email, phone: '+33698765432' } } })
      .where(eq(coproprietaires.id, o.rec.id));
    await choose(o, [{ kind: 'assemblees', channel: 'sms', enabled: true }]);
    const res = await notify(
      t.app,
      { coproprietaireId: o.rec.id },
      { title: 'Vote ouvert', body: 'AG', type: 'ASSEMBLEE' },
    );
    expect((await sent(res.ids)).sms).toEqual(['+33698765432']);
  });

  it("'allow-receive-notifications' off: nothing leaves the app, the notification is still listed", async () => {
    const o = await owner({ deviceCount: 1 });
    await choose(o, [{ kind: 'assemblees', channel: 'sms', enabled: true }]);
    await db()
      .insert(coproprietaireSettings)
      .values({ coproprietaire_id: o.rec.id, key: 'allow-receive-notifications', value: '0' });
    const res = await notify(
      t.app,
      { coproprietaireId: o.rec.id },
      { title: 'Vote ouvert', body: 'AG', type: 'ASSEMBLEE' },
    );
    expect(res.ids).toHaveLength(1);
    expect(await sent(res.ids)).toEqual({});
  });

  it('each recipient of one send gets their own channels', async () => {
    const a = await owner({ deviceCount: 1 });
    const b = await makeSignedInUser(db());
    const bRec = await makeCoproprietaire(db(), { user_id: b.user.id, copropriete_id: a.copro.id });
    await choose(a, [{ kind: 'documents', channel: 'email', enabled: false }]);
    const res = await notify(
      t.app,
      { coproprieteId: a.copro.id },
      { title: 'Nouveau document', body: 'PV', type: 'DOCUMENT' },
    );
    const aId = res.recipients.find((r) => r.coproprietaire_id === a.rec.id)!.id;
    const bId = res.recipients.find((r) => r.coproprietaire_id === bRec.id)!.id;
    expect(await sent([aId])).toEqual({ push: a.deviceIds });
    expect(await sent([bId])).toEqual({ email: [b.user.email] });
  });
});
