import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeSyndicWithKey } from '../../../test/factories.syndic.js';
import { createTestApp, json, type TestApp } from '../../../test/harness.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type H = Record<string, string>;
const call = async (
  method: 'GET' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  headers: H,
  payload?: object,
) => {
  const res = await t.app.inject({ method, url: `/api/syndic/v1${url}`, headers, payload });
  return { status: res.statusCode, body: json(res) };
};

async function building() {
  const { headers } = await makeSyndicWithKey(t.database.db);
  await call('PUT', '/coproprietes/IMM', headers, {
    name: 'Résidence Les Tilleuls',
    address: { full_address: '12 rue des Tilleuls 69003 Lyon' },
  });
  await call('PUT', '/lots/L1', headers, {
    copropriete: 'IMM',
    number: '12',
    name: 'Cave 12',
    type_name: 'Cave',
  });
  return headers;
}

describe('PATCH on a syndic resource', () => {
  it('changes the fields sent and keeps the others (a lot keeps its type)', async () => {
    const headers = await building();
    const patched = await call('PATCH', '/lots/L1', headers, { name: 'Cave n° 12' });
    expect(patched.status).toBe(200);
    expect(patched.body.data).toMatchObject({
      result: 'updated',
      resource: { external_id: 'L1', number: '12', name: 'Cave n° 12', type_name: 'Cave' },
    });
    const again = await call('PATCH', '/lots/L1', headers, { name: 'Cave n° 12' });
    expect(again.body.data.result).toBe('unchanged');
    // A PUT still replaces: what it leaves out takes its default.
    await call('PUT', '/lots/L1', headers, { copropriete: 'IMM', number: '12', name: 'Cave n° 12' });
    expect((await call('GET', '/lots/L1', headers)).body.data.type_name).toBe('Autre');
  });

  it('names an unknown field or a bad value (400, nothing written) and answers 404 for what does not exist', async () => {
    const headers = await building();
    const typo = await call('PATCH', '/lots/L1', headers, { nom: 'Cave' });
    expect(typo.status).toBe(400);
    expect(typo.body.errors).toEqual({ nom: "Ce champ n'existe pas sur cette ressource." });
    const id = await call('PATCH', '/lots/L1', headers, { external_id: 'L2' });
    expect(Object.keys(id.body.errors)).toEqual(['external_id']);
    const bad = await call('PATCH', '/lots/L1', headers, { name: '' });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.errors)).toEqual(['name']);
    expect((await call('GET', '/lots/L1', headers)).body.data.name).toBe('Cave 12');
    expect((await call('PATCH', '/lots/NOPE', headers, { name: 'x' })).status).toBe(404);
    const other = await makeSyndicWithKey(t.database.db);
    expect((await call('PATCH', '/lots/L1', other.headers, { name: 'x' })).status).toBe(404);
  });

  it("goes through the resource's own PUT: a removed co-owner is not brought back by a PATCH", async () => {
    const headers = await building();
    await call('PUT', '/coproprietaires/C1', headers, {
      copropriete: 'IMM',
      civility: 'mrs',
      first_name: 'Claire',
      last_name: 'Martin',
      lots: ['L1'],
    });
    const renamed = await call('PATCH', '/coproprietaires/C1', headers, { first_name: 'Claire-Marie' });
    expect(renamed.body.data.resource).toMatchObject({
      first_name: 'Claire-Marie',
      last_name: 'Martin',
      lots: ['L1'],
    });
    expect((await call('DELETE', '/coproprietaires/C1', headers)).status).toBe(200);
    const back = await call('PATCH', '/coproprietaires/C1', headers, { first_name: 'Claire' });
    expect(back.status).toBe(409);
  });
});
