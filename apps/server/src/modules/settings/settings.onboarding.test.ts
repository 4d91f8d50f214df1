import { settingsEndpoints as e } from '@tantieme/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coproprietaires } from '../../db/schema/index.js';
import { makeSignedInUser } from '../../test/factories.js';
import { makeOwnerWithLots } from '../../test/factories.settings.js';
import { json } from '../../test/harness.js';
import { call, setUp, t, url, withEmail } from './settings.fixture.js';

beforeAll(setUp);
afterAll(() => t.close());

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
