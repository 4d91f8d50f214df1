import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { carnetsEntretien, syndicAuditLog } from '../../db/schema/index.js';
import { makeSignedInUser } from '../../test/factories.js';
import { makeSyndicWithKey } from '../../test/factories.syndic.js';
import { createTestApp, json, type TestApp } from '../../test/harness.js';
import { building as buildingIn, carnet } from './carnets.fixtures.js';
import { readMaintenanceToken, signMaintenanceToken } from './carnets.token.js';

let t: TestApp;
const building = (app: TestApp = t) => buildingIn(app);
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const carnetOf = (app: TestApp, w: { rec: { id: string }; headers: Record<string, string> }) =>
  app.app.inject({
    method: 'GET',
    url: `/api/coproprietaires/${w.rec.id}/carnet-entretien`,
    headers: w.headers,
  });

describe("carnet d'entretien, built in (décret 2001-477)", () => {
  it("is empty until the syndic writes it, then shows the décret's content to a council member", async () => {
    const b = await building();
    let res = await carnetOf(t, b.council);
    expect(res.statusCode).toBe(200);
    expect(json(res).data).toEqual({ mode: 'embedded', carnet: null });

    const put = await b.api('PUT', '/carnets-entretien/K1', carnet);
    expect(put.statusCode).toBe(200);
    expect(json(put).data).toMatchObject({
      result: 'created',
      resource: { external_id: 'K1', copropriete: 'C1' },
    });

    res = await carnetOf(t, b.council);
    const c = json(res).data.carnet;
    expect(c.building).toEqual({
      name: 'Résidence Les Tilleuls',
      full_address: '12 rue des Tilleuls 69003 Lyon',
      construction_year: 1974,
    });
    expect(c.syndic.name).toBeTruthy();
    expect(c.insurance_contracts[0]).toEqual({ ...carnet.insurance_contracts[0], broker: null });
    expect(c.maintenance_contracts[0].equipment).toBe('Ascenseurs');
    // Major works newest first; the plan in its order of years.
    expect(c.major_works.map((w: { year: number }) => w.year)).toEqual([2018, 2016]);
    expect(c.works_plan).toEqual(carnet.works_plan);
  });

  it('is for council members only (IS_SYNDICAT): an ordinary co-owner and another user get 404', async () => {
    const b = await building();
    await b.api('PUT', '/carnets-entretien/K1', carnet);
    expect((await carnetOf(t, b.owner)).statusCode).toBe(404);
    const stranger = await makeSignedInUser(t.database.db);
    const res = await carnetOf(t, { rec: b.council.rec, headers: stranger.headers });
    expect(res.statusCode).toBe(404);
    expect(json(res).code).toBe('NOT_FOUND');
  });
});

describe("carnet d'entretien in the syndic API", () => {
  it('is idempotent by external_id: the same PUT again is unchanged, a change is updated and audited', async () => {
    const b = await building();
    expect(json(await b.api('PUT', '/carnets-entretien/K1', carnet)).data.result).toBe('created');
    expect(json(await b.api('PUT', '/carnets-entretien/K1', carnet)).data.result).toBe('unchanged');
    const changed = { ...carnet, construction_year: 1975 };
    expect(json(await b.api('PUT', '/carnets-entretien/K1', changed)).data.result).toBe('updated');
    const rows = await t.database.db
      .select()
      .from(syndicAuditLog)
      .where(eq(syndicAuditLog.syndic_id, b.s.syndic.id));
    const mine = rows.filter((r) => r.resource === 'carnet_entretien');
    expect(mine.map((r) => r.action).sort()).toEqual(['created', 'updated']);
    expect(mine.find((r) => r.action === 'updated')?.changes).toEqual({
      construction_year: { before: 1974, after: 1975 },
    });
    const list = await b.api('GET', '/carnets-entretien');
    expect(json(list).data.items.map((i: { external_id: string }) => i.external_id)).toEqual(['K1']);
    expect((await b.api('GET', '/carnets-entretien/K1')).statusCode).toBe(200);
  });

  it('answers 400 naming the field and writes nothing', async () => {
    const b = await building();
    const bad = await b.api('PUT', '/carnets-entretien/K1', {
      ...carnet,
      maintenance_contracts: [{ equipment: 'Chaudière', contractor: '', reference: 'X' }],
    });
    expect(bad.statusCode).toBe(400);
    expect(json(bad).errors).toHaveProperty(['maintenance_contracts.0.contractor']);
    const badDay = await b.api('PUT', '/carnets-entretien/K1', {
      ...carnet,
      insurance_contracts: [{ ...carnet.insurance_contracts[0], expires_on: '2026-02-30' }],
    });
    expect(json(badDay).errors).toEqual({ 'insurance_contracts.0.expires_on': "Cette date n'existe pas." });
    const unknown = await b.api('PUT', '/carnets-entretien/K1', { ...carnet, copropriete: 'NOPE' });
    expect(unknown.statusCode).toBe(400);
    expect(json(unknown).errors).toEqual({ copropriete: 'Copropriété inconnue\u202f: NOPE' });
    const rows = await t.database.db
      .select()
      .from(carnetsEntretien)
      .where(eq(carnetsEntretien.copropriete_id, b.coproId));
    expect(rows).toEqual([]);
    expect((await b.api('GET', '/carnets-entretien/K1')).statusCode).toBe(404);
  });

  it('keeps one carnet per copropriété: a second external_id for the same building is a 400', async () => {
    const b = await building();
    await b.api('PUT', '/carnets-entretien/K1', carnet);
    const second = await b.api('PUT', '/carnets-entretien/K2', carnet);
    expect(second.statusCode).toBe(400);
    expect(json(second).errors.copropriete).toMatch(/déjà un carnet d'entretien/);
    const bulk = await b.api('POST', '/carnets-entretien/bulk', {
      items: [
        { ...carnet, external_id: 'K1', construction_year: 1980 },
        { ...carnet, external_id: 'K3' },
      ],
    });
    expect(json(bulk).data.counts).toEqual({ created: 0, updated: 1, unchanged: 0, error: 1 });
  });

  it("another syndic's key gets 404 on the carnet and cannot write to the building", async () => {
    const a = await building();
    await a.api('PUT', '/carnets-entretien/K1', carnet);
    const other = await makeSyndicWithKey(t.database.db);
    expect((await a.api('GET', '/carnets-entretien/K1', undefined, other.headers)).statusCode).toBe(404);
    const intrude = await a.api('PUT', '/carnets-entretien/K1', carnet, other.headers);
    expect(intrude.statusCode).toBe(400);
    expect(json(intrude).errors).toEqual({ copropriete: 'Copropriété inconnue\u202f: C1' });
    expect(json(await a.api('GET', '/carnets-entretien', undefined, other.headers)).data.items).toEqual([]);
  });
});

describe('carnet d’entretien with MAINTENANCE_APP_URL (the external application)', () => {
  let ext: TestApp;
  beforeAll(async () => {
    ext = await createTestApp({ env: { MAINTENANCE_APP_URL: 'https://carnet.example.fr/app?lang=fr' } });
  });
  afterAll(() => ext.close());

  it('frames the application with the ids and a short-lived token scoped to reading that record, never the session', async () => {
    const b = await building(ext);
    await b.api('PUT', '/carnets-entretien/K1', carnet);
    const res = await carnetOf(ext, b.council);
    expect(res.statusCode).toBe(200);
    const data = json(res).data;
    expect(data.mode).toBe('external');
    const url = new URL(data.url);
    expect(url.origin + url.pathname).toBe('https://carnet.example.fr/app');
    expect(url.searchParams.get('lang')).toBe('fr');
    expect(url.searchParams.get('copropriete_id')).toBe(b.coproId);
    expect(url.searchParams.get('coproprietaire_id')).toBe(b.council.rec.id);
    expect(url.searchParams.get('syndic_id')).toBe(b.s.syndic.id);
    const token = url.searchParams.get('token') as string;
    const session = b.council.headers.authorization.replace(/^Bearer /, '');
    expect(token).not.toContain(session);
    const left = new Date(data.expires_at).getTime() - Date.now();
    expect(left).toBeGreaterThan(9 * 60_000);
    expect(left).toBeLessThanOrEqual(10 * 60_000);

    // The token reads that record's carnet …
    const read = await ext.app.inject({
      method: 'GET',
      url: '/api/maintenance-app/record',
      headers: { 'x-maintenance-token': token },
    });
    expect(read.statusCode).toBe(200);
    expect(json(read).data).toMatchObject({
      coproprietaire_id: b.council.rec.id,
      copropriete_id: b.coproId,
      carnet: { building: { construction_year: 1974 } },
    });
    // … and is no session: it opens no co-owner call.
    const asBearer = await ext.app.inject({
      method: 'GET',
      url: `/api/coproprietaires/${b.council.rec.id}/carnet-entretien`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(asBearer.statusCode).toBe(401);
    // A tampered token, a missing one: 401.
    const [p, payload, sig] = token.split('.');
    const forged = Buffer.from(
      JSON.stringify({
        ...JSON.parse(Buffer.from(payload as string, 'base64url').toString()),
        c: b.owner.rec.id,
      }),
    ).toString('base64url');
    for (const h of [{ 'x-maintenance-token': `${p}.${forged}.${sig}` }, {}])
      expect(
        (await ext.app.inject({ method: 'GET', url: '/api/maintenance-app/record', headers: h })).statusCode,
      ).toBe(401);
    // The ordinary co-owner still gets 404 (IS_SYNDICAT).
    expect((await carnetOf(ext, b.owner)).statusCode).toBe(404);
  });

  it('expires after ten minutes', () => {
    const now = Date.now();
    const { token } = signMaintenanceToken(
      'secret',
      { syndicId: 's', coproprieteId: 'p', coproprietaireId: 'c' },
      now,
    );
    expect(readMaintenanceToken('secret', token, now + 9 * 60_000)).toMatchObject({ coproprietaireId: 'c' });
    expect(readMaintenanceToken('secret', token, now + 10 * 60_000 + 1)).toBeNull();
    expect(readMaintenanceToken('other secret', token, now)).toBeNull();
  });
});
