import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeSignedInUser } from '../test/factories.js';
import { makeSyndicWithKey } from '../test/factories.syndic.js';
import { createTestApp, json, type TestApp } from '../test/harness.js';
import { jsonDepth, MAX_JSON_DEPTH } from './body-limits.js';

let t: TestApp;
let base = '';
let key: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp();
  // A real socket: an oversize body must get its 413, not a closed connection.
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  key = (await makeSyndicWithKey(t.database.db)).headers;
});
afterAll(() => t.close());

const nested = (n: number) => `${'['.repeat(n)}${']'.repeat(n)}`;
const nestedObject = (n: number) => `${'{"a":'.repeat(n)}1${'}'.repeat(n)}`;
const post = (url: string, payload: string, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/json', ...headers },
    payload,
  });

describe('JSON depth, counted without recursion', () => {
  it.each([
    ['1', 0],
    ['[]', 1],
    ['{"a":[1,{"b":2}]}', 3],
    ['"[[[[{{{{"', 0],
    ['["\\"[[[", [1]]', 2],
    ['{"a":"\\\\"}', 1],
  ])('%s has depth %i', (text, depth) => expect(jsonDepth(text)).toBe(depth));

  it('stops past the limit', () => expect(jsonDepth(nested(100_000))).toBe(MAX_JSON_DEPTH + 1));
});

describe('a deeply nested body is a 400 INVALID_BODY, never a 500', () => {
  it('on a public route (login) and on the import, arrays and objects', async () => {
    for (const body of [nested(5000), nestedObject(5000), nested(MAX_JSON_DEPTH + 1)]) {
      for (const [url, headers] of [
        ['/api/auth/login', {}],
        ['/api/syndic/v1/import', key],
      ] as const) {
        const r = await post(url, body, headers);
        expect(r.statusCode, url).toBe(400);
        expect(json(r)).toMatchObject({ success: false, code: 'INVALID_BODY' });
        expect(json(r).message).toContain(`${MAX_JSON_DEPTH} niveaux`);
      }
    }
  });

  it('a body at the limit, or brackets inside strings, is parsed as usual', async () => {
    const atLimit = await post('/api/syndic/v1/import', nested(MAX_JSON_DEPTH), key);
    expect(atLimit.statusCode).toBe(400);
    expect(json(atLimit).code).toBe('VALIDATION_ERROR');
    const login = await post(
      '/api/auth/login',
      JSON.stringify({ email: '[[[[@example.fr', password: '{{{{' }),
    );
    expect(login.statusCode).toBeLessThan(500);
    expect(json(login).code).not.toBe('INVALID_BODY');
  });
});

describe('authentication before the body', () => {
  it('without a key, a malformed, invalid, too deep or oversize body on the syndic API is a 401', async () => {
    for (const payload of ['{', '{"buildings":"x"}', nested(5000)]) {
      const r = await post('/api/syndic/v1/import', payload);
      expect(r.statusCode, payload.slice(0, 10)).toBe(401);
      expect(json(r).code).toBe('UNAUTHORIZED');
    }
    const r = await fetch(`${base}/api/syndic/v1/coproprietes/X`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'x'.repeat(11 * 1024 * 1024) }),
    });
    expect(r.status).toBe(401);
  });

  it('without a session, a bad body on a signed-in route is a 401', async () => {
    for (const payload of ['{', '{"first_name":1}', nested(5000)]) {
      const r = await t.app.inject({
        method: 'PUT',
        url: '/api/accounts/update-user-profile',
        headers: { 'content-type': 'application/json' },
        payload,
      });
      expect(r.statusCode, payload.slice(0, 10)).toBe(401);
    }
  });
});

describe('an oversize body is a 413 with the envelope, over a real connection', () => {
  const big = Buffer.alloc(11 * 1024 * 1024, 0x61);
  const envelope413 = async (r: Response, message = 'Le fichier est trop volumineux.') => {
    expect(r.status).toBe(413);
    expect(await r.json()).toEqual({ success: false, code: 'PAYLOAD_TOO_LARGE', message });
  };
  // A JSON body is not a file: its message names the request and the route's limit.
  const json413 = (r: Response) =>
    envelope413(
      r,
      expect.stringMatching(/^La requête est trop volumineuse \(\d+,\d{2}\u00a0Mo au plus\)\.$/),
    );

  it('JSON on a public route and on a syndic upload', async () => {
    await json413(
      await fetch(`${base}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: Buffer.concat([Buffer.from('{"email":"'), big, Buffer.from('"}')]),
      }),
    );
    await json413(
      await fetch(`${base}/api/syndic/v1/coproprietes/BIG`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json', ...key },
        body: Buffer.concat([Buffer.from('{"name":"'), big, Buffer.from('"}')]),
      }),
    );
  });

  it('multipart, which no parser reads: refused by its declared length', async () => {
    const form = new FormData();
    form.append('file', new Blob([big]), 'gros.pdf');
    await envelope413(
      await fetch(`${base}/api/syndic/v1/coproprietes/BIG`, { method: 'PUT', headers: key, body: form }),
    );
    const u = await makeSignedInUser(t.database.db);
    const form2 = new FormData();
    form2.append('file', new Blob([big]), 'avatar.png');
    await envelope413(
      await fetch(`${base}/api/accounts/update-user-profile`, {
        method: 'PUT',
        headers: u.headers,
        body: form2,
      }),
    );
  });
});
