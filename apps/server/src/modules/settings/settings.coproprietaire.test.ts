import { settingsEndpoints as e } from '@tantieme/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coproprietes, previewTokens } from '../../db/schema/index.js';
import { randomToken, sha256 } from '../../lib/crypto.js';
import { makeCoproprietaire, makeSignedInUser } from '../../test/factories.js';
import { makeOwnerWithLots } from '../../test/factories.settings.js';
import { json } from '../../test/harness.js';
import { call, setUp, t, url, withEmail } from './settings.fixture.js';

beforeAll(setUp);
afterAll(() => t.close());

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
