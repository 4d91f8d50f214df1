import { buildPath, settingsEndpoints as e } from '@tantieme/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coproprietaires, coproprietes, previewTokens } from '../../db/schema/index.js';
import { randomToken, sha256 } from '../../lib/crypto.js';
import { makeCoproprietaire, makeSignedInUser } from '../../test/factories.js';
import { makeOwnerWithLots } from '../../test/factories.settings.js';
import { createTestApp, json, type TestApp } from '../../test/harness.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const url = (path: string, params?: Record<string, string>) => `/api${buildPath(path, params)}`;
type Method = 'GET' | 'POST' | 'PUT';
const call = (method: Method, u: string, headers: Record<string, string>, payload?: unknown) =>
  t.app.inject({ method, url: u, headers, ...(payload !== undefined ? { payload: payload as object } : {}) });

const withEmail = { contact: { phone: '+33612345678', email: 'paul@example.fr' }, lots: {} };

describe('user settings (SPEC §7 User settings)', () => {
  it('adds, reads, updates and deletes the user’s own keys', async () => {
    const a = await makeSignedInUser(t.database.db);
    const empty = await call('POST', url(e.userMulti.path), a.headers, {
      keys: ['only-unread-all-notification', 'only_unread_all_message'],
    });
    expect(empty.statusCode).toBe(200);
    expect(json(empty).data).toEqual({ 'only-unread-all-notification': null, only_unread_all_message: null });

    const set = await call('POST', url(e.userAddOrUpdate.path), a.headers, {
      settings: [
        { key: 'only-unread-all-notification', value: '1' },
        { key: 'only_unread_all_message', value: '0' },
      ],
    });
    expect(json(set).data).toEqual({ 'only-unread-all-notification': '1', only_unread_all_message: '0' });
    await call('POST', url(e.userAddOrUpdate.path), a.headers, {
      settings: [{ key: 'only_unread_all_message', value: '1' }],
    });
    const read = await call('POST', url(e.userMulti.path), a.headers, {
      keys: ['only-unread-all-notification', 'only_unread_all_message'],
    });
    expect(json(read).data).toEqual({ 'only-unread-all-notification': '1', only_unread_all_message: '1' });

    const del = await call('POST', url(e.userDeleteByKey.path), a.headers, {
      settings: ['only_unread_all_message', 'pending-attach-coproprietaire'],
    });
    expect(json(del).data).toEqual({ deleted: 1 });
    const after = await call('POST', url(e.userMulti.path), a.headers, { keys: ['only_unread_all_message'] });
    expect(json(after).data).toEqual({ only_unread_all_message: null });
  });

  it('keeps each user’s settings apart', async () => {
    const a = await makeSignedInUser(t.database.db);
    const b = await makeSignedInUser(t.database.db);
    await call('POST', url(e.userAddOrUpdate.path), a.headers, {
      settings: [{ key: 'only-unread-all-notification', value: '1' }],
    });
    const res = await call('POST', url(e.userMulti.path), b.headers, {
      keys: ['only-unread-all-notification'],
    });
    expect(json(res).data).toEqual({ 'only-unread-all-notification': null });
  });

  it('refuses keys outside the whitelist and requires a session', async () => {
    const a = await makeSignedInUser(t.database.db);
    const bad = await call('POST', url(e.userAddOrUpdate.path), a.headers, {
      settings: [{ key: 'role', value: 'admin' }],
    });
    expect(bad.statusCode).toBe(400);
    expect(json(bad).code).toBe('VALIDATION_ERROR');
    const anon = await call('POST', url(e.userMulti.path), {}, { keys: ['only_unread_all_message'] });
    expect(anon.statusCode).toBe(401);
  });
});

describe('rate limit on settings writes', () => {
  it('answers 429 after 60 writes a minute from one session', async () => {
    const a = await makeSignedInUser(t.database.db);
    const codes: number[] = [];
    for (let i = 0; i < 61; i++) {
      const r = await call('POST', url(e.userAddOrUpdate.path), a.headers, {
        settings: [{ key: 'only_unread_all_message', value: String(i % 2) }],
      });
      codes.push(r.statusCode);
    }
    expect(codes.slice(0, 60).every((c) => c === 200)).toBe(true);
    expect(codes[60]).toBe(429);
  });
});

describe('copropriété settings (POST coproprietes/{id}/settings/multi-settings)', () => {
  it('returns the asked copro_settings to a record holder of that copropriété, 404 to others', async () => {
    const o = await makeOwnerWithLots(t.database.db);
    await t.database.db
      .update(coproprietes)
      .set({ settings: { show_invoice: '1', show_invoice_scope: '2', show_assemblee_function: true } })
      .where(eq(coproprietes.id, o.record.copropriete_id));
    const path = url(e.coproprieteMulti.path, { id: o.record.copropriete_id });
    const res = await call('POST', path, o.headers, {
      keys: ['show_invoice_scope', 'show_assemblee_function', 'show_syndic_document'],
    });
    expect(res.statusCode).toBe(200);
    expect(json(res)).toEqual({
      success: true,
      data: { show_invoice_scope: '2', show_assemblee_function: true, show_syndic_document: null },
    });
    const other = await makeSignedInUser(t.database.db);
    const denied = await call('POST', path, other.headers, { keys: ['show_invoice'] });
    expect(denied.statusCode).toBe(404);
    const badKey = await call('POST', path, o.headers, { keys: ['stripe_secret'] });
    expect(badKey.statusCode).toBe(400);
  });
});

describe('co-owner record settings (GET {id}/settings, PUT {coproprieteId}/coproprietaires/{id}/settings)', () => {
  it('answers the SPEC §9 defaults before anything is chosen', async () => {
    const withMail = await makeOwnerWithLots(t.database.db, { supplement: withEmail });
    const res = await call(
      'GET',
      url(e.coproprietaireGet.path, { id: withMail.record.id }),
      withMail.headers,
    );
    expect(json(res).data).toEqual({
      'allow-convocation-electronic': '1',
      'receive-appel-de-fond-via-email': '1',
      'chat-allow-other-owners': '0',
      'allow-receive-notifications': '1',
    });
    const noMail = await makeOwnerWithLots(t.database.db);
    const res2 = await call('GET', url(e.coproprietaireGet.path, { id: noMail.record.id }), noMail.headers);
    expect(json(res2).data['receive-appel-de-fond-via-email']).toBe('0');
  });

  it('stores changes per record', async () => {
    const o = await makeOwnerWithLots(t.database.db, { supplement: withEmail });
    const second = await makeCoproprietaire(t.database.db, { user_id: o.user.id });
    const put = await call(
      'PUT',
      url(e.coproprietairePut.path, {
        coproprieteId: o.record.copropriete_id,
        coproprietaireId: o.record.id,
      }),
      o.headers,
      {
        settings: [
          { key: 'chat-allow-other-owners', value: '1' },
          { key: 'allow-receive-notifications', value: '0' },
        ],
      },
    );
    expect(put.statusCode).toBe(200);
    expect(json(put).data).toMatchObject({
      'chat-allow-other-owners': '1',
      'allow-receive-notifications': '0',
    });
    const again = await call('GET', url(e.coproprietaireGet.path, { id: o.record.id }), o.headers);
    expect(json(again).data).toMatchObject({
      'chat-allow-other-owners': '1',
      'allow-receive-notifications': '0',
    });
    const other = await call('GET', url(e.coproprietaireGet.path, { id: second.id }), o.headers);
    expect(json(other).data).toMatchObject({
      'chat-allow-other-owners': '0',
      'allow-receive-notifications': '1',
    });
  });

  it('refuses fund calls by e-mail without a contact e-mail (CONTACT_EMAIL_REQUIRED)', async () => {
    const o = await makeOwnerWithLots(t.database.db);
    const res = await call(
      'PUT',
      url(e.coproprietairePut.path, {
        coproprieteId: o.record.copropriete_id,
        coproprietaireId: o.record.id,
      }),
      o.headers,
      { settings: [{ key: 'receive-appel-de-fond-via-email', value: '1' }] },
    );
    expect(res.statusCode).toBe(409);
    expect(json(res).code).toBe('CONTACT_EMAIL_REQUIRED');
  });

  it('refuses unknown keys and values', async () => {
    const o = await makeOwnerWithLots(t.database.db);
    const path = url(e.coproprietairePut.path, {
      coproprieteId: o.record.copropriete_id,
      coproprietaireId: o.record.id,
    });
    for (const settings of [
      [{ key: 'is_president', value: '1' }],
      [{ key: 'chat-allow-other-owners', value: 'oui' }],
      [],
    ]) {
      const res = await call('PUT', path, o.headers, { settings });
      expect(res.statusCode).toBe(400);
    }
  });

  it('answers 404 to another user, and to a copropriété id that is not the record’s', async () => {
    const o = await makeOwnerWithLots(t.database.db);
    const intruder = await makeSignedInUser(t.database.db);
    const get = await call('GET', url(e.coproprietaireGet.path, { id: o.record.id }), intruder.headers);
    expect(get.statusCode).toBe(404);
    const put = await call(
      'PUT',
      url(e.coproprietairePut.path, {
        coproprieteId: o.record.copropriete_id,
        coproprietaireId: o.record.id,
      }),
      intruder.headers,
      { settings: [{ key: 'chat-allow-other-owners', value: '1' }] },
    );
    expect(put.statusCode).toBe(404);
    const intruderRecord = await makeCoproprietaire(t.database.db, { user_id: intruder.user.id });
    const mixed = await call(
      'PUT',
      url(e.coproprietairePut.path, {
        coproprieteId: intruderRecord.copropriete_id,
        coproprietaireId: o.record.id,
      }),
      o.headers,
      { settings: [{ key: 'chat-allow-other-owners', value: '1' }] },
    );
    expect(mixed.statusCode).toBe(404);
  });

  it('a syndic preview token cannot read or change these settings', async () => {
    const o = await makeOwnerWithLots(t.database.db);
    const [copro] = await t.database.db
      .select()
      .from(coproprietes)
      .where(eq(coproprietes.id, o.record.copropriete_id));
    const token = randomToken();
    await t.database.db.insert(previewTokens).values({
      token_hash: sha256(token),
      syndic_id: copro.syndic_id,
      coproprietaire_id: o.record.id,
      expires_at: new Date(Date.now() + 3600_000),
    });
    const h = { 'x-preview-token': token };
    const get = await call('GET', url(e.coproprietaireGet.path, { id: o.record.id }), h);
    expect(get.statusCode).toBe(401);
    const copros = await call('POST', url(e.coproprieteMulti.path, { id: o.record.copropriete_id }), h, {
      keys: ['show_invoice'],
    });
    expect(copros.statusCode).toBe(200);
  });
});

describe('onboarding (SPEC §2.15, §5)', () => {
  it('lists the record’s lots sorted by name with what is stored', async () => {
    const o = await makeOwnerWithLots(t.database.db, { lotNames: ['C03', 'A12'] });
    const res = await call('GET', url(e.supplementGet.path, { id: o.record.id }), o.headers);
    expect(res.statusCode).toBe(200);
    const data = json(res).data;
    expect(data.contact).toBeNull();
    expect(data.init_settings_done).toBe(false);
    expect(data.lots.map((l: { name: string }) => l.name)).toEqual(['A12', 'C03']);
    expect(data.lots[0].info).toBeNull();
  });

  it('stores contact and lots; lots left out are kept but flagged fill later', async () => {
    const o = await makeOwnerWithLots(t.database.db, {
      supplement: {
        contact: null,
        lots: {},
      },
    });
    const info = json(await call('GET', url(e.supplementGet.path, { id: o.record.id }), o.headers)).data;
    const [a12, c03] = info.lots.map((l: { id: string }) => l.id);
    const path = url(e.supplementPut.path, {
      coproprieteId: o.record.copropriete_id,
      coproprietaireId: o.record.id,
    });
    const first = await call('PUT', path, o.headers, {
      contact: { phone: '+33612345678', email: 'paul@example.fr' },
      lots: {
        [a12]: {
          use_type: 'own',
          agency_name: 'Immo Lyon',
          trusted_person: 'Marc',
          trusted_person_phone: '+33645781230',
        },
        [c03]: { use_type: 'rent', locataire_name: 'Yann Le Goff', locataire_email: 'yann@example.com' },
      },
    });
    expect(first.statusCode).toBe(200);
    // Second pass: C03 marked fill later → left out; its earlier answers stay, flagged ignore.
    const second = await call('PUT', path, o.headers, {
      contact: { phone: '+33612345678', email: 'paul@example.fr' },
      lots: { [a12]: { use_type: 'own', agency_name: 'Immo Lyon 2' } },
    });
    expect(second.statusCode).toBe(200);
    const [row] = await t.database.db
      .select()
      .from(coproprietaires)
      .where(eq(coproprietaires.id, o.record.id));
    expect(row.user_supplement_info?.contact).toMatchObject({
      phone: '+33612345678',
      email: 'paul@example.fr',
    });
    expect(row.user_supplement_info?.lots?.[a12]).toMatchObject({
      agency_name: 'Immo Lyon 2',
      ignore: false,
    });
    expect(row.user_supplement_info?.lots?.[c03]).toMatchObject({
      use_type: 'rent',
      locataire_name: 'Yann Le Goff',
      ignore: true,
    });
    const read = json(await call('GET', url(e.supplementGet.path, { id: o.record.id }), o.headers)).data;
    expect(read.lots[1].info).toMatchObject({ ignore: true, locataire_name: 'Yann Le Goff' });
  });

  it('stores contact null when it is left for later', async () => {
    const o = await makeOwnerWithLots(t.database.db, { supplement: withEmail });
    const res = await call(
      'PUT',
      url(e.supplementPut.path, { coproprieteId: o.record.copropriete_id, coproprietaireId: o.record.id }),
      o.headers,
      { contact: null, lots: {} },
    );
    expect(json(res).data.contact).toBeNull();
    const settings = json(
      await call('GET', url(e.coproprietaireGet.path, { id: o.record.id }), o.headers),
    ).data;
    expect(settings['receive-appel-de-fond-via-email']).toBe('0');
  });

  it('keeps the welcome form’s address when the contact step does not send one', async () => {
    const o = await makeOwnerWithLots(t.database.db);
    const path = url(e.supplementPut.path, {
      coproprieteId: o.record.copropriete_id,
      coproprietaireId: o.record.id,
    });
    const address = {
      full_address: '12 Rue des Tilleuls 69003 Lyon',
      number: '12',
      street: 'Rue des Tilleuls',
      city: 'Lyon',
      country: 'FR',
      zip_code: '69003',
      latitude: 45.76,
      longitude: 4.85,
    };
    await call('PUT', path, o.headers, { contact: { email: 'a@b.fr', address }, lots: {} });
    const res = await call('PUT', path, o.headers, { contact: { email: 'c@d.fr', phone: null }, lots: {} });
    expect(json(res).data.contact).toEqual({ email: 'c@d.fr', phone: null, address });
  });

  it('refuses invalid phones and e-mails with the spec’s messages, and lots of someone else', async () => {
    const o = await makeOwnerWithLots(t.database.db);
    const path = url(e.supplementPut.path, {
      coproprieteId: o.record.copropriete_id,
      coproprietaireId: o.record.id,
    });
    const bad = await call('PUT', path, o.headers, { contact: { phone: '0612', email: 'x@' }, lots: {} });
    expect(bad.statusCode).toBe(400);
    expect(json(bad).errors).toEqual({
      'contact.phone': 'Wrong phone syntax',
      'contact.email': 'Le courriel est invalide',
    });
    const stranger = await makeOwnerWithLots(t.database.db);
    const strangerLot = json(
      await call('GET', url(e.supplementGet.path, { id: stranger.record.id }), stranger.headers),
    ).data.lots[0].id;
    const res = await call('PUT', path, o.headers, {
      contact: null,
      lots: { [strangerLot]: { use_type: 'own' } },
    });
    expect(res.statusCode).toBe(400);
    expect(json(res).code).toBe('UNKNOWN_LOT');
  });

  it('ends onboarding with update-init-settings', async () => {
    const o = await makeOwnerWithLots(t.database.db, { supplement: withEmail });
    const res = await call(
      'PUT',
      url(e.initSettingsPut.path, { coproprieteId: o.record.copropriete_id, coproprietaireId: o.record.id }),
      o.headers,
      {
        settings: [
          { key: 'allow-convocation-electronic', value: '0' },
          { key: 'receive-appel-de-fond-via-email', value: '1' },
        ],
      },
    );
    expect(res.statusCode).toBe(200);
    expect(json(res).data).toEqual({
      init_settings_done: true,
      settings: {
        'allow-convocation-electronic': '0',
        'receive-appel-de-fond-via-email': '1',
        'chat-allow-other-owners': '0',
        'allow-receive-notifications': '1',
      },
    });
    const list = json(await call('GET', '/api/coproprietaires/all', o.headers)).data;
    expect(list[0].init_settings_done).toBe(true);
  });

  it('does not end onboarding when fund calls by e-mail are asked without a contact e-mail', async () => {
    const o = await makeOwnerWithLots(t.database.db);
    const res = await call(
      'PUT',
      url(e.initSettingsPut.path, { coproprieteId: o.record.copropriete_id, coproprietaireId: o.record.id }),
      o.headers,
      { settings: [{ key: 'receive-appel-de-fond-via-email', value: '1' }] },
    );
    expect(json(res).code).toBe('CONTACT_EMAIL_REQUIRED');
    const [row] = await t.database.db
      .select()
      .from(coproprietaires)
      .where(eq(coproprietaires.id, o.record.id));
    expect(row.init_settings_done).toBe(false);
  });

  it('answers 404 to another user on every onboarding call', async () => {
    const o = await makeOwnerWithLots(t.database.db);
    const intruder = await makeSignedInUser(t.database.db);
    const pair = { coproprieteId: o.record.copropriete_id, coproprietaireId: o.record.id };
    const get = await call('GET', url(e.supplementGet.path, { id: o.record.id }), intruder.headers);
    const put = await call('PUT', url(e.supplementPut.path, pair), intruder.headers, {
      contact: null,
      lots: {},
    });
    const init = await call('PUT', url(e.initSettingsPut.path, pair), intruder.headers, {
      settings: [{ key: 'allow-convocation-electronic', value: '1' }],
    });
    expect([get.statusCode, put.statusCode, init.statusCode]).toEqual([404, 404, 404]);
    const [row] = await t.database.db
      .select()
      .from(coproprietaires)
      .where(eq(coproprietaires.id, o.record.id));
    expect(row.init_settings_done).toBe(false);
    expect(row.user_supplement_info).toBeNull();
  });
});
