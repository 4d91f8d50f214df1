import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coproprietaireLots, coproprietaires, lotTantiemes, syndics } from '../../../db/schema/index.js';
import { makeSyndicWithKey } from '../../../test/factories.syndic.js';
import { createTestApp, json, type TestApp } from '../../../test/harness.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type H = Record<string, string>;
const call = (method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, headers: H, payload?: unknown) =>
  t.app.inject({
    method,
    url: `/api/syndic/v1${url}`,
    headers,
    ...(payload ? { payload: payload as object } : {}),
  });

/** A building pushed the way an integration does it; returns every call's result and the co-owner. */
async function pushBuilding(headers: H, prefix = 'T') {
  const results: string[] = [];
  const ok = async (p: ReturnType<typeof call>) => {
    const res = await p;
    expect(res.statusCode, res.body).toBe(200);
    const data = json(res).data;
    if (data.results) results.push(...data.results.map((r: { result: string }) => r.result));
    else results.push(data.result);
    return data;
  };
  await ok(
    call('PUT', `/administrators/${prefix}-G1`, headers, {
      first_name: 'Sophie',
      last_name: 'Garnier',
      emails: [{ value: 's.garnier@lefevre-immobilier.fr' }],
      phones: [{ value: '04 78 42 17 35', type: 'fixed' }],
    }),
  );
  await ok(
    call('PUT', `/coproprietes/${prefix}-IMM`, headers, {
      name: 'Résidence Les Tilleuls',
      address: { full_address: '12 rue des Tilleuls 69003 Lyon', city: 'Lyon', zip_code: '69003' },
      administrators: [`${prefix}-G1`],
      settings: { show_invoice: '1', show_invoice_scope: '1' },
    }),
  );
  await ok(
    call('POST', '/lots/bulk', headers, {
      items: [
        {
          external_id: `${prefix}-L1`,
          copropriete: `${prefix}-IMM`,
          number: '1',
          name: 'Appartement A1',
          type_name: 'Appartement',
        },
        {
          external_id: `${prefix}-L2`,
          copropriete: `${prefix}-IMM`,
          number: '2',
          name: 'Cave C01',
          type_name: 'Cave',
        },
      ],
    }),
  );
  await ok(
    call('PUT', `/repartitions/${prefix}-R1`, headers, {
      copropriete: `${prefix}-IMM`,
      code: '001',
      name: 'Charges générales',
      total_tantieme: 424,
      tantiemes: [
        { lot: `${prefix}-L2`, tantieme: 12 },
        { lot: `${prefix}-L1`, tantieme: 412 },
      ],
    }),
  );
  const owner = await ok(
    call('PUT', `/coproprietaires/${prefix}-C1`, headers, {
      copropriete: `${prefix}-IMM`,
      civility: 'mrs',
      first_name: 'Claire',
      last_name: 'Moreau',
      contacts: [
        {
          civility: 'mrs',
          first_name: 'Claire',
          last_name: 'Moreau',
          emails: [{ value: 'claire.moreau@example.fr' }],
          phones: [{ value: '+33612345678' }],
          addresses: [{ full_address: '3 place Bellecour 69002 Lyon' }],
        },
      ],
      members: [{ civility: 'mr', first_name: 'Paul', last_name: 'Moreau' }],
      is_president: true,
      lots: [`${prefix}-L2`, `${prefix}-L1`],
    }),
  );
  return { results, owner };
}

describe('portfolio', () => {
  it('brings a building in and answers unchanged when the same data is sent again', async () => {
    const { headers } = await makeSyndicWithKey(t.database.db);
    const { results, owner } = await pushBuilding(headers);
    expect(results).toEqual(['created', 'created', 'created', 'created', 'created', 'created']);
    expect(owner.resource).toMatchObject({
      external_id: 'T-C1',
      copropriete: 'T-IMM',
      lots: ['T-L1', 'T-L2'],
      is_president: true,
      is_member_syndicat: true,
      attached: false,
      removed_at: null,
    });
    const [rec] = await t.database.db.select().from(coproprietaires).where(eq(coproprietaires.id, owner.id));
    expect(rec.display_name).toBe('Mme Claire Moreau');
    expect(rec.unique_code).toMatch(/^[A-Z0-9]{9}$/);
    const rep = json(await call('GET', '/repartitions/T-R1', headers)).data;
    expect(rep.tantiemes).toEqual([
      { lot: 'T-L1', tantieme: 412 },
      { lot: 'T-L2', tantieme: 12 },
    ]);
    expect(json(await call('GET', '/coproprietes/T-IMM', headers)).data.administrators).toEqual(['T-G1']);
    expect(json(await call('GET', '/administrators/T-G1', headers)).data.display_name).toBe('Sophie Garnier');

    // The same push again changes nothing.
    const again = await pushBuilding(headers);
    expect(again.results).toEqual(Array(6).fill('unchanged'));
    expect(again.owner.id).toBe(owner.id);
  });

  it('names the field of a reference the syndic has not pushed, and writes nothing', async () => {
    const { headers } = await makeSyndicWithKey(t.database.db);
    await pushBuilding(headers, 'U');
    const res = await call('PUT', '/coproprietaires/U-C2', headers, {
      copropriete: 'U-IMM',
      last_name: 'Durand',
      lots: ['U-L1', 'NOPE'],
    });
    expect(res.statusCode).toBe(400);
    expect(json(res).errors).toEqual({ 'lots.1': 'Lot inconnu(e)\u202f: NOPE' });
    expect((await call('GET', '/coproprietaires/U-C2', headers)).statusCode).toBe(404);
    const dup = json(
      await call('POST', '/lots/bulk', headers, {
        items: [{ external_id: 'U-L9', copropriete: 'U-IMM', number: '1', name: 'Doublon' }],
      }),
    ).data;
    expect(dup.results[0].errors).toEqual({ number: 'Le lot n° 1 existe déjà dans cette copropriété.' });
    const over = await call('PUT', '/repartitions/U-R2', headers, {
      copropriete: 'U-IMM',
      code: '002',
      name: 'Ascenseur',
      total_tantieme: 100,
      tantiemes: [{ lot: 'U-L1', tantieme: 101 }],
    });
    expect(json(over).errors).toEqual({
      tantiemes: 'La somme des tantièmes (101) dépasse le total de la clé (100) de 1.',
    });
    // Short of the total: refused too, saying what is missing (the lots make the whole key).
    const under = await call('PUT', '/repartitions/U-R3', headers, {
      copropriete: 'U-IMM',
      code: '003',
      name: 'Charges générales',
      total_tantieme: 1000,
      tantiemes: [{ lot: 'U-L1', tantieme: 10 }],
    });
    expect(under.statusCode).toBe(400);
    expect(json(under).errors).toEqual({
      tantiemes:
        'La somme des tantièmes (10) ne fait pas le total de la clé (1\u202f000)\u202f: il manque 990.',
    });
    expect((await call('GET', '/repartitions/U-R3', headers)).statusCode).toBe(404);
  });

  it('removes a co-owner from the building, keeping the record and saying what it did', async () => {
    const { headers } = await makeSyndicWithKey(t.database.db);
    const { owner } = await pushBuilding(headers, 'V');
    const res = await call('DELETE', '/coproprietaires/V-C1', headers);
    expect(res.statusCode).toBe(200);
    expect(json(res).data).toMatchObject({
      external_id: 'V-C1',
      lots_detached: ['V-L1', 'V-L2'],
      user_attached: false,
      kept: { ledger_lines: 0, invitations: 0 },
    });
    const [rec] = await t.database.db.select().from(coproprietaires).where(eq(coproprietaires.id, owner.id));
    expect(rec.removed_at).not.toBeNull();
    expect(
      await t.database.db
        .select()
        .from(coproprietaireLots)
        .where(eq(coproprietaireLots.coproprietaire_id, owner.id)),
    ).toEqual([]);
    const log = json(await call('GET', '/audit-log?resource=coproprietaire&external_id=V-C1', headers)).data
      .items;
    expect(log[0]).toMatchObject({
      action: 'deleted',
      changes: { lots: { before: ['V-L1', 'V-L2'], after: [] } },
    });
    // The lot keeps its tantièmes: only ownership ended.
    expect((await t.database.db.select().from(lotTantiemes)).length).toBeGreaterThan(0);
  });

  it('updates the profile, refuses an alias another syndic holds, and stores a real logo only', async () => {
    const { headers, syndic } = await makeSyndicWithKey(t.database.db);
    const other = await makeSyndicWithKey(t.database.db);
    const [o] = await t.database.db.select().from(syndics).where(eq(syndics.id, other.syndic.id));
    const profile = {
      name: 'Cabinet Lefèvre Immobilier',
      alias: `lefevre-${syndic.id.slice(0, 6)}`,
      address: { street1: '24 rue de la République', zip_code: '69002', city: 'Lyon' },
      email: 'contact@lefevre-immobilier.fr',
      phone: '04 78 42 17 30',
      contacts: [{ first_name: 'Sophie', last_name: 'Garnier', email: 's.garnier@lefevre-immobilier.fr' }],
      card_payments: { stripe_account_id: 'acct_1Lefevre', active: true },
    };
    const res = await call('PUT', '/profile', headers, profile);
    expect(json(res).data.result).toBe('updated');
    expect(json(await call('PUT', '/profile', headers, profile)).data.result).toBe('unchanged');
    const taken = await call('PUT', '/profile', headers, { ...profile, alias: o.alias });
    expect(taken.statusCode).toBe(409);
    expect(json(taken).errors).toHaveProperty('alias');
    const svg = await t.app.inject({
      method: 'PUT',
      url: '/api/syndic/v1/profile/logo',
      headers: { ...headers, 'content-type': 'image/png' },
      payload: Buffer.from('<svg onload="alert(1)"/>'),
    });
    expect(svg.statusCode).toBe(400);
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
      'base64',
    );
    const ok = await t.app.inject({
      method: 'PUT',
      url: '/api/syndic/v1/profile/logo',
      headers: { ...headers, 'content-type': 'image/png' },
      payload: png,
    });
    expect(ok.statusCode).toBe(200);
    const key = json(ok).data.logo_url;
    expect((await t.app.platform.storage.get(key)).equals(png)).toBe(true);
  });
});
