import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeSignedInUser } from '../../test/factories.js';
import { createTestApp, json, type TestApp } from '../../test/harness.js';

/** A local stand-in for the Base Adresse Nationale API: GET /search/?q=…&type=…&limit=… → GeoJSON. */
let ban: Server;
let banUrl: string;
const seen: URL[] = [];
let mode: 'ok' | 'error' | 'garbage' = 'ok';

function answer(req: IncomingMessage) {
  const u = new URL(req.url ?? '/', 'http://x');
  seen.push(u);
  return {
    type: 'FeatureCollection',
    features: [
      {
        type: 'Feature',
        geometry: { type: 'Point', coordinates: [4.8512, 45.7578] },
        properties: {
          label: `12 Rue des Tilleuls 69003 Lyon`,
          housenumber: '12',
          street: 'Rue des Tilleuls',
          name: '12 Rue des Tilleuls',
          postcode: '69003',
          city: 'Lyon',
          type: 'housenumber',
        },
      },
      // No geometry: must be dropped (SPEC §5).
      { type: 'Feature', geometry: null, properties: { label: '14 Rue des Tilleuls 69003 Lyon' } },
      {
        type: 'Feature',
        geometry: { type: 'Point', coordinates: [2.3522, 48.8566] },
        properties: {
          label: '1 Rue de Rivoli 75001 Paris',
          housenumber: '1',
          street: 'Rue de Rivoli',
          postcode: '75001',
          city: 'Paris',
        },
      },
    ],
  };
}

let t: TestApp;
let down: TestApp;
beforeAll(async () => {
  ban = createServer((req, res) => {
    if (mode === 'error') {
      res.writeHead(502).end('bad gateway');
      return;
    }
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(mode === 'garbage' ? '{"nope":1}' : JSON.stringify(answer(req)));
  });
  await new Promise<void>((r) => ban.listen(0, '127.0.0.1', r));
  banUrl = `http://127.0.0.1:${(ban.address() as AddressInfo).port}`;
  t = await createTestApp({ env: { ADDRESS_API_URL: banUrl } });
  // Nothing listens on port 9 of localhost: the unreachable case.
  down = await createTestApp({ env: { ADDRESS_API_URL: 'http://127.0.0.1:9' } });
});
afterAll(async () => {
  await t.close();
  await down.close();
  await new Promise((r) => ban.close(r));
});

describe('GET /api/address/search (Base Adresse Nationale proxy)', () => {
  it('maps the features with geometry to SPEC §3 Address, asking for house numbers', async () => {
    mode = 'ok';
    const u = await makeSignedInUser(t.database.db);
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/address/search?q=12%20rue%20des%20tilleuls',
      headers: u.headers,
    });
    expect(res.statusCode).toBe(200);
    expect(json(res).data).toEqual([
      {
        full_address: '12 Rue des Tilleuls 69003 Lyon',
        number: '12',
        street: 'Rue des Tilleuls',
        city: 'Lyon',
        country: 'FR',
        zip_code: '69003',
        latitude: 45.7578,
        longitude: 4.8512,
      },
      {
        full_address: '1 Rue de Rivoli 75001 Paris',
        number: '1',
        street: 'Rue de Rivoli',
        city: 'Paris',
        country: 'FR',
        zip_code: '75001',
        latitude: 48.8566,
        longitude: 2.3522,
      },
    ]);
    const last = seen.at(-1) as URL;
    expect(last.pathname).toBe('/search/');
    expect(last.searchParams.get('q')).toBe('12 rue des tilleuls');
    expect(last.searchParams.get('type')).toBe('housenumber');
    expect(Number(last.searchParams.get('limit'))).toBeGreaterThan(0);
  });

  it('answers 503 SERVICE_UNAVAILABLE when the service fails, answers garbage or is unreachable', async () => {
    const u = await makeSignedInUser(t.database.db);
    mode = 'error';
    const failing = await t.app.inject({
      method: 'GET',
      url: '/api/address/search?q=rue%20de%20la%20paix',
      headers: u.headers,
    });
    expect(failing.statusCode).toBe(503);
    expect(json(failing).code).toBe('SERVICE_UNAVAILABLE');
    mode = 'garbage';
    const garbage = await t.app.inject({
      method: 'GET',
      url: '/api/address/search?q=rue%20de%20la%20paix',
      headers: u.headers,
    });
    expect(garbage.statusCode).toBe(503);
    mode = 'ok';
    const d = await makeSignedInUser(down.database.db);
    const unreachable = await down.app.inject({
      method: 'GET',
      url: '/api/address/search?q=rue%20de%20la%20paix',
      headers: d.headers,
    });
    expect(unreachable.statusCode).toBe(503);
    expect(json(unreachable).code).toBe('SERVICE_UNAVAILABLE');
  });

  it('requires a session and a query of at least 3 characters', async () => {
    const anon = await t.app.inject({ method: 'GET', url: '/api/address/search?q=rue%20de%20la%20paix' });
    expect(anon.statusCode).toBe(401);
    const u = await makeSignedInUser(t.database.db);
    const short = await t.app.inject({ method: 'GET', url: '/api/address/search?q=ru', headers: u.headers });
    expect(short.statusCode).toBe(400);
  });

  it('is rate-limited', async () => {
    const u = await makeSignedInUser(t.database.db);
    let last = 0;
    for (let i = 0; i < 61; i++) {
      const r = await t.app.inject({
        method: 'GET',
        url: `/api/address/search?q=rue%20${i}xx`,
        headers: u.headers,
      });
      last = r.statusCode;
    }
    expect(last).toBe(429);
    // The budget is per session: another user is not held back.
    const other = await makeSignedInUser(t.database.db);
    const r = await t.app.inject({
      method: 'GET',
      url: '/api/address/search?q=rue%20zzz',
      headers: other.headers,
    });
    expect(r.statusCode).toBe(200);
  });
});
