import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeSyndicWithKey } from '../../../test/factories.syndic.js';
import { createTestApp, json, type TestApp } from '../../../test/harness.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const call = (method: 'GET' | 'PUT', headers: Record<string, string>, url: string, payload?: object) =>
  t.app.inject({ method, url: `/api/syndic/v1${url}`, headers, payload });

describe('updated_since on the lists that lacked it', () => {
  it('the audit log: the entries written since, and never a tombstone (nothing in it is deleted)', async () => {
    const k = await makeSyndicWithKey(t.database.db);
    await call('PUT', k.headers, '/administrators/G1', { last_name: 'Garnier' });
    const mark = new Date().toISOString();
    await call('PUT', k.headers, '/administrators/G2', { last_name: 'Roche' });
    const all = json(await call('GET', k.headers, '/audit-log')).data;
    expect(all.items).toHaveLength(2);
    expect(all.deleted).toEqual([]);
    const since = json(await call('GET', k.headers, `/audit-log?updated_since=${mark}`)).data;
    expect(since.items.map((i: { external_id: string }) => i.external_id)).toEqual(['G2']);
    expect(since.deleted).toEqual([]);
    const bad = await call('GET', k.headers, '/audit-log?updated_since=hier');
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(json(bad).errors)).toEqual(['updated_since']);
  });

  it("the carnets d'entretien: those created or changed since, with the tombstones list", async () => {
    const k = await makeSyndicWithKey(t.database.db);
    for (const c of ['C1', 'C2'])
      await call('PUT', k.headers, `/coproprietes/${c}`, {
        name: `Résidence ${c}`,
        address: { full_address: '2 rue des Acacias 69008 Lyon' },
      });
    const carnet = (copropriete: string, nature: string) => ({
      copropriete,
      major_works: [{ year: 2016, nature, contractor: 'Étanchéité du Rhône' }],
    });
    expect((await call('PUT', k.headers, '/carnets-entretien/K1', carnet('C1', 'Toiture'))).statusCode).toBe(
      200,
    );
    expect((await call('PUT', k.headers, '/carnets-entretien/K2', carnet('C2', 'Toiture'))).statusCode).toBe(
      200,
    );
    const mark = new Date().toISOString();
    await call('PUT', k.headers, '/carnets-entretien/K2', carnet('C2', 'Ravalement'));
    const all = json(await call('GET', k.headers, '/carnets-entretien')).data;
    expect(all.items.map((i: { external_id: string }) => i.external_id)).toEqual(['K1', 'K2']);
    expect(all.deleted).toEqual([]);
    const since = json(await call('GET', k.headers, `/carnets-entretien?updated_since=${mark}`)).data;
    expect(since.items.map((i: { external_id: string }) => i.external_id)).toEqual(['K2']);
    expect(since.deleted).toEqual([]);
  });

  it('the staff: a member disabled since comes back changed; signalements, conversations: no tombstone', async () => {
    const k = await makeSyndicWithKey(t.database.db);
    const staff = await call('PUT', k.headers, '/staff/S1', {
      last_name: 'Garnier',
      email: `s.garnier.${Date.now()}@lefevre-immobilier.fr`,
    });
    expect(staff.statusCode).toBe(200);
    const mark = new Date().toISOString();
    expect(json(await call('GET', k.headers, `/staff?updated_since=${mark}`)).data).toMatchObject({
      items: [],
      deleted: [],
    });
    const off = await t.app.inject({
      method: 'POST',
      url: '/api/syndic/v1/staff/S1/disable',
      headers: k.headers,
    });
    expect(off.statusCode).toBe(200);
    // Disabling is a change, not a deletion: the member is listed again, with no tombstone.
    const since = json(await call('GET', k.headers, `/staff?updated_since=${mark}`)).data;
    expect(since.items.map((i: { external_id: string }) => i.external_id)).toEqual(['S1']);
    expect(since.deleted).toEqual([]);
    for (const list of ['/signalements', '/conversations']) {
      const res = await call('GET', k.headers, `${list}?updated_since=${mark}`);
      expect(res.statusCode, list).toBe(200);
      expect(json(res).data.deleted, list).toEqual([]);
    }
  });

  it('the webhook endpoints: pages by a cursor, those registered since, those stopped since as tombstones', async () => {
    const k = await makeSyndicWithKey(t.database.db);
    const hook = async (n: number) =>
      json(
        await t.app.inject({
          method: 'POST',
          url: '/api/syndic/v1/webhooks',
          headers: k.headers,
          payload: { url: `http://127.0.0.1:9/hooks/${n}`, events: ['payment.failed'] },
        }),
      ).data.id as string;
    const first = await hook(1);
    const mark = new Date().toISOString();
    const second = await hook(2);
    const stop = await t.app.inject({
      method: 'DELETE',
      url: `/api/syndic/v1/webhooks/${first}`,
      headers: k.headers,
    });
    expect(stop.statusCode).toBe(200);
    const page1 = json(await call('GET', k.headers, '/webhooks?limit=1')).data;
    expect(page1.items.map((i: { id: string }) => i.id)).toEqual([first]);
    const page2 = json(await call('GET', k.headers, `/webhooks?limit=1&cursor=${page1.next_cursor}`)).data;
    expect(page2.items.map((i: { id: string }) => i.id)).toEqual([second]);
    expect(page2.next_cursor).toBeNull();
    const since = json(await call('GET', k.headers, `/webhooks?updated_since=${mark}`)).data;
    expect(since.items.map((i: { id: string }) => i.id)).toEqual([second]);
    expect(since.deleted).toEqual([
      { external_id: first, deleted: true, deleted_at: json(stop).data.disabled_at },
    ]);
  });
});
