import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeSignedInUser } from '../test/factories.js';
import { makeSyndicWithKey } from '../test/factories.syndic.js';
import { createTestApp, json, type TestApp } from '../test/harness.js';

let t: TestApp;
let key: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp();
  key = (await makeSyndicWithKey(t.database.db)).headers;
});
afterAll(() => t.close());

const get = (url: string, headers: Record<string, string> = key) =>
  t.app.inject({ method: 'GET', url, headers });

describe('a query parameter a syndic endpoint does not declare is a 400 naming it', () => {
  it('a filter a list does not have (?copropriete=) is refused, not ignored', async () => {
    const r = await get('/api/syndic/v1/lots?copropriete=IMM-1');
    expect(r.statusCode).toBe(400);
    expect(json(r)).toMatchObject({ success: false, code: 'VALIDATION_ERROR' });
    expect(json(r).errors).toEqual({
      copropriete: 'Paramètre inconnu (paramètres acceptés\u202f: limit, cursor, updated_since).',
    });
  });

  it('every unknown one is named, on a get that takes none too; declared ones still work', async () => {
    const r = await get('/api/syndic/v1/lots?limit=5&foo=1&bar=2');
    expect(r.statusCode).toBe(400);
    expect(Object.keys(json(r).errors).sort()).toEqual(['bar', 'foo']);
    const one = await get('/api/syndic/v1/coproprietes/IMM-1?expand=lots');
    expect(one.statusCode).toBe(400);
    expect(json(one).errors).toEqual({ expand: 'Paramètre inconnu (aucun paramètre accepté).' });
    const audit = await get('/api/syndic/v1/audit-log?resource=lot&limit=2');
    expect(audit.statusCode, audit.body).toBe(200);
    expect((await get('/api/syndic/v1/lots?limit=2')).statusCode).toBe(200);
  });

  it('the key is checked first: without one, an unknown parameter is a 401', async () => {
    expect((await get('/api/syndic/v1/lots?copropriete=IMM-1', {})).statusCode).toBe(401);
  });
});

describe('a route that does not exist has its own 404', () => {
  it('ROUTE_NOT_FOUND for any method and path no route matches under /api/, distinct from a missing record', async () => {
    for (const [method, url] of [
      ['GET', '/api/syndic/v1/lot'],
      ['GET', '/api/syndic/v2/lots'],
      ['DELETE', '/api/syndic/v1/audit-log'],
      ['POST', '/api/nothing-here'],
      ['GET', '/api'],
    ] as const) {
      const r = await t.app.inject({ method, url, headers: key });
      expect(r.statusCode, `${method} ${url}`).toBe(404);
      expect(json(r), `${method} ${url}`).toEqual({
        success: false,
        code: 'ROUTE_NOT_FOUND',
        message: "Cette adresse de l'API n'existe pas.",
      });
    }
    const missing = await get('/api/syndic/v1/lots/NO-SUCH-LOT');
    expect(missing.statusCode).toBe(404);
    expect(json(missing).code).toBe('NOT_FOUND');
    const u = await makeSignedInUser(t.database.db);
    const none = await t.app.inject({ method: 'GET', url: '/api/accounts/nope', headers: u.headers });
    expect(json(none).code).toBe('ROUTE_NOT_FOUND');
  });
});
