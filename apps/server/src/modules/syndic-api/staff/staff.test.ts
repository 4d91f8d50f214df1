import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  administrators,
  chargeInvoices,
  chatMessages,
  notifications,
  outbox,
  syndicAuditLog,
  users,
} from '../../../db/schema/index.js';
import { hashPassword } from '../../../lib/password.js';
import { makeCoproprietaire, makeSignedInUser } from '../../../test/factories.js';
import { makeSyndicWithKey } from '../../../test/factories.syndic.js';
import { createTestApp, json, type TestApp } from '../../../test/harness.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

let n = 0;
/** A syndic with its key and a building pushed through the API, a council member and an owner. */
async function syndic() {
  const db = t.database.db;
  const s = await makeSyndicWithKey(db);
  const api = (method: 'GET' | 'PUT' | 'POST', url: string, payload?: object, headers = s.headers) =>
    t.app.inject({ method, url: `/api/syndic/v1${url}`, headers, payload });
  const copro = await api('PUT', '/coproprietes/C1', {
    name: 'Résidence Les Tilleuls',
    address: { full_address: '12 rue des Tilleuls 69003 Lyon' },
  });
  const coproId = json(copro).data.id as string;
  const member = async (council: boolean, name: string) => {
    const u = await makeSignedInUser(db);
    const rec = await makeCoproprietaire(db, {
      copropriete_id: coproId,
      user_id: u.user.id,
      is_member_syndicat: council,
      name,
    });
    return { ...u, rec };
  };
  n += 1;
  return {
    s,
    api,
    coproId,
    email: `s.garnier.${n}@lefevre-immobilier.fr`,
    council: await member(true, 'Mme Claire Martin'),
    owner: await member(false, 'M. Paul Durand'),
  };
}

const staffBody = (email: string) => ({ first_name: 'Sophie', last_name: 'Garnier', email });
const signIn = (email: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });

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

describe('conversations in the syndic API', () => {
  async function withConversation() {
    const b = await syndic();
    await b.api('PUT', '/staff/GEST-1', staffBody(b.email));
    const base = `/api/coproprietaires/${b.owner.rec.id}/chat`;
    const open = await t.app.inject({
      method: 'POST',
      url: `${base}/conversations`,
      headers: b.owner.headers,
      payload: { participant_id: b.s.syndic.id, participant_type: 'syndic' },
    });
    const cid = json(open).data.id as string;
    await t.app.inject({
      method: 'POST',
      url: `${base}/conversations/${cid}/messages`,
      headers: b.owner.headers,
      payload: { text: 'Bonjour, la porte du parking ne ferme plus.', files: [] },
    });
    return { ...b, cid, base };
  }

  it('lists the conversations opened with the syndic and their messages', async () => {
    const b = await withConversation();
    const list = await b.api('GET', '/conversations');
    expect(json(list).data.items).toEqual([
      expect.objectContaining({
        id: b.cid,
        copropriete: { id: b.coproId, external_id: 'C1', name: 'Résidence Les Tilleuls' },
        coproprietaire: expect.objectContaining({ id: b.owner.rec.id, name: 'M. Paul Durand' }),
        un_seen: 1,
        last_message: expect.objectContaining({
          text: 'Bonjour, la porte du parking ne ferme plus.',
          from_syndic: false,
        }),
      }),
    ]);
    const msgs = await b.api('GET', `/conversations/${b.cid}/messages`);
    expect(json(msgs).data.messages).toEqual([
      expect.objectContaining({ from_syndic: false, author: 'M. Paul Durand', external_id: null }),
    ]);
  });

  it('answers as a staff member, idempotent by external_id; the co-owner sees who answered', async () => {
    const b = await withConversation();
    const body = {
      external_id: 'REP-1',
      staff: 'GEST-1',
      text: 'Bonjour, le technicien passe demain matin.',
    };
    const first = await b.api('POST', `/conversations/${b.cid}/messages`, body);
    expect(first.statusCode).toBe(200);
    expect(json(first).data).toMatchObject({
      result: 'created',
      message: { external_id: 'REP-1', from_syndic: true, author: 'Sophie Garnier' },
    });
    const replay = await b.api('POST', `/conversations/${b.cid}/messages`, body);
    expect(json(replay).data).toMatchObject({
      result: 'unchanged',
      message: { id: json(first).data.message.id },
    });
    const rows = await t.database.db
      .select()
      .from(chatMessages)
      .where(eq(chatMessages.conversation_id, b.cid));
    expect(rows).toHaveLength(2);
    const seen = await t.app.inject({
      method: 'GET',
      url: `${b.base}/conversations/${b.cid}/messages`,
      headers: b.owner.headers,
    });
    expect(json(seen).data.messages.at(-1)).toMatchObject({
      text: body.text,
      created_by_name: 'Sophie Garnier',
      mine: false,
    });
  });

  it('refuses unknown or disabled staff (400 on staff, nothing posted) and another syndic (404)', async () => {
    const b = await withConversation();
    const unknown = await b.api('POST', `/conversations/${b.cid}/messages`, {
      external_id: 'REP-2',
      staff: 'NOPE',
      text: 'Réponse',
    });
    expect(unknown.statusCode).toBe(400);
    expect(Object.keys(json(unknown).errors)).toEqual(['staff']);
    await b.api('POST', '/staff/GEST-1/disable');
    const disabled = await b.api('POST', `/conversations/${b.cid}/messages`, {
      external_id: 'REP-2',
      staff: 'GEST-1',
      text: 'Réponse',
    });
    expect(json(disabled).errors).toEqual({ staff: 'Ce membre du personnel est désactivé.' });
    const rows = await t.database.db
      .select()
      .from(chatMessages)
      .where(eq(chatMessages.conversation_id, b.cid));
    expect(rows).toHaveLength(1);
    const other = await makeSyndicWithKey(t.database.db);
    for (const [method, payload] of [
      ['GET', undefined],
      ['POST', { external_id: 'REP-3', staff: 'GEST-1', text: 'Intrus' }],
    ] as const) {
      const res = await b.api(method, `/conversations/${b.cid}/messages`, payload, other.headers);
      expect(res.statusCode).toBe(404);
    }
    expect(json(await b.api('GET', '/conversations', undefined, other.headers)).data.items).toEqual([]);
  });
});

describe('verification of accounts in the syndic API', () => {
  async function withYear() {
    const b = await syndic();
    await b.api('PUT', '/repartitions/R1', {
      copropriete: 'C1',
      code: '01',
      name: 'Générales',
      total_tantieme: 10_000,
      tantiemes: [],
    });
    const eau = json(
      await b.api('PUT', '/charges/EAU', {
        copropriete: 'C1',
        repartition: 'R1',
        code: '601',
        name: 'Eau froide',
      }),
    ).data.id;
    const rav = json(
      await b.api('PUT', '/charges/RAV', {
        copropriete: 'C1',
        repartition: 'R1',
        code: '671',
        name: 'Ravalement',
        charge_type: 2,
      }),
    ).data.id;
    const year = json(
      await b.api('PUT', '/financial-years/FY26', {
        copropriete: 'C1',
        year: 2026,
        couple: '2026',
        start_date: '2026-01-01',
        end_date: '2026-12-31',
      }),
    ).data.id;
    const inv = (charge: string, amount: number, syndicat: number) => ({
      charge_id: charge,
      financial_year_id: year,
      ecriture_description: 'Facture',
      amount_cents: amount,
      date: '2026-03-02',
      verification_syndic: 1,
      verification_syndicat: syndicat,
    });
    await t.database.db
      .insert(chargeInvoices)
      .values([inv(eau, 84_210, 1), inv(eau, 79_990, 0), inv(rav, 2_160_000, 0)]);
    return b;
  }
  const notes = (recId: string) =>
    t.database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.coproprietaire_id, recId), eq(notifications.type, 'VERIFICATION')));

  it("reads the council's progress per year and charge type", async () => {
    const b = await withYear();
    const res = await b.api('GET', '/coproprietes/C1/verification');
    expect(json(res).data).toEqual({
      syndic_submit: 0,
      syndicat_finish: 0,
      years: [
        {
          year: 2026,
          couple: '2026',
          fonctionnement: { invoices: 2, verified: 1 },
          travaux: { invoices: 1, verified: 0 },
        },
      ],
      totals: { invoices: 3, verified: 1 },
    });
  });

  it('submits the accounts: the council members are notified once, their page opens; a replay changes nothing', async () => {
    const b = await withYear();
    const status = () =>
      t.app.inject({
        method: 'GET',
        url: `/api/syndicat-verifications/coproprietes/${b.coproId}/verification-status`,
        headers: b.council.headers,
      });
    expect(json(await status()).data).toEqual({ syndic_submit: 0, syndicat_finish: 0 });
    const res = await b.api('POST', '/coproprietes/C1/verification/submit');
    expect(res.statusCode).toBe(200);
    expect(json(res).data).toMatchObject({ result: 'updated', notified: 1, state: { syndic_submit: 1 } });
    expect(json(await status()).data).toEqual({ syndic_submit: 1, syndicat_finish: 0 });
    const [note] = await notes(b.council.rec.id);
    expect(note?.title).toBe('Comptes à vérifier');
    expect(await notes(b.owner.rec.id)).toEqual([]);
    const replay = await b.api('POST', '/coproprietes/C1/verification/submit');
    expect(json(replay).data).toMatchObject({ result: 'unchanged', notified: 0 });
    expect(await notes(b.council.rec.id)).toHaveLength(1);
    // The council presses 'Terminer'; a new submission reopens it and notifies again.
    const fin = await t.app.inject({
      method: 'PUT',
      url: `/api/syndicat-verifications/coproprietes/${b.coproId}/change-finish-status`,
      headers: b.council.headers,
      payload: { status: 1 },
    });
    expect(fin.statusCode).toBe(200);
    expect(json(await b.api('GET', '/coproprietes/C1/verification')).data.syndicat_finish).toBe(1);
    expect(json(await b.api('POST', '/coproprietes/C1/verification/submit')).data.result).toBe('updated');
    expect(await notes(b.council.rec.id)).toHaveLength(2);
  });

  it("another syndic's key gets 404", async () => {
    const b = await withYear();
    const other = await makeSyndicWithKey(t.database.db);
    expect((await b.api('GET', '/coproprietes/C1/verification', undefined, other.headers)).statusCode).toBe(
      404,
    );
    expect(
      (await b.api('POST', '/coproprietes/C1/verification/submit', undefined, other.headers)).statusCode,
    ).toBe(404);
    expect(await notes(b.council.rec.id)).toEqual([]);
  });
});
