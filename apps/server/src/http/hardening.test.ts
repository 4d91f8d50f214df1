import { request as httpRequest } from 'node:http';
import { connect } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeFinanceOwner } from '../test/factories.finances.js';
import { makeSignedInUser } from '../test/factories.js';
import { call, lastCode } from '../test/factories.identity.js';
import { createTestApp, json, type TestApp } from '../test/harness.js';

/** The reported hardening cases, one by one (the route-table properties are in inputs.property.test.ts). */

let t: TestApp;
const lines: string[] = [];
beforeAll(async () => {
  t = await createTestApp({ logStream: { write: (l: string) => void lines.push(l) } });
});
afterAll(() => t.close());

describe('1. a NUL byte is a 400 naming the field, never a database error', () => {
  it('login', async () => {
    const r = await call(t, {
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'a\u0000b@example.fr', password: 'x' },
    });
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ success: false, code: 'VALIDATION_ERROR' });
    expect(r.body.errors.email).toBe('Ce champ contient un caractère non autorisé.');
  });

  it('check-account-exists, syndic alias, invitation code (path parameters)', async () => {
    for (const url of [
      '/api/accounts/a%00b@example.fr/check-account-exists',
      '/api/accounts/%2B336%0012345678/check-phone-exists',
      '/api/accounts/syndic-alias/a%00b',
      '/api/extranets/get-info-token-invitation/A%00B',
    ]) {
      const r = await call(t, { method: 'GET', url });
      expect(r.status, url).toBe(400);
      expect(Object.keys(r.body.errors), url).toHaveLength(1);
    }
  });

  it('QR device name, user settings values and profile names of a signed-in user', async () => {
    const u = await makeSignedInUser(t.database.db);
    const cases = [
      {
        method: 'POST',
        url: '/api/auth-qrcode/generate-code',
        payload: { device_name: 'Mac\u0000', position: 'Paris' },
        field: 'device_name',
      },
      {
        method: 'POST',
        url: '/api/user-settings/add-or-update-settings',
        payload: { settings: [{ key: 'only-unread-all-notification', value: '1\u0000' }] },
        field: 'settings.0.value',
      },
      {
        method: 'PUT',
        url: '/api/accounts/update-user-profile',
        payload: { first_name: 'Jé\u0000rôme', last_name: 'Martin' },
        field: 'first_name',
      },
      // A lone surrogate cannot be stored either.
      {
        method: 'PUT',
        url: '/api/accounts/update-user-profile',
        payload: { first_name: 'Jérôme', last_name: 'Mar\ud800tin' },
        field: 'last_name',
      },
    ] as const;
    for (const c of cases) {
      const r = await call(t, { method: c.method, url: c.url, payload: c.payload, headers: u.headers });
      expect(r.status, c.url).toBe(400);
      expect(r.body.errors[c.field], c.url).toBe('Ce champ contient un caractère non autorisé.');
    }
  });
});

describe('2. a malformed id is a 400 from the contract, never a 500', () => {
  it('bill breakdown with a bad bill id or bad lot ids', async () => {
    const f = await makeFinanceOwner(t.database.db);
    const url = (bill: string) =>
      `/api/finances/coproprietes/${f.coproId}/bills/${bill}/get-details-provision-bill`;
    const bad = await call(t, {
      method: 'POST',
      url: url('abc'),
      payload: { lot_ids: ['x'] },
      headers: f.owner.headers,
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toHaveProperty('billId');
    const badLot = await call(t, {
      method: 'POST',
      url: url(f.bills.q2.id),
      payload: { lot_ids: ['x'] },
      headers: f.owner.headers,
    });
    expect(badLot.status).toBe(400);
    expect(badLot.body.errors).toHaveProperty(['lot_ids.0']);
    const good = await call(t, {
      method: 'POST',
      url: url(f.bills.q2.id),
      payload: { lot_ids: [f.lotA.id] },
      headers: f.owner.headers,
    });
    expect(good.status).toBe(200);
  });
});

describe('3. no query parameter, e-mail, hash or name in the log of a failing query', () => {
  it('a registration whose INSERT fails logs the error without its parameters', async () => {
    // A real failing query: the database refuses this first name.
    await t.database.db.execute(
      sql`alter table users add constraint hardening_boom check (first_name <> 'Boomerang')`,
    );
    const email = 'leak.check@example.fr';
    await call(t, { method: 'POST', url: '/api/accounts/send-verify-email-code', payload: { email } });
    const code = await lastCode(t.database.db, email);
    const v = await call(t, {
      method: 'POST',
      url: '/api/accounts/verify-email-code',
      payload: { email, code },
    });
    lines.length = 0;
    const r = await call(t, {
      method: 'POST',
      url: '/api/accounts/register',
      payload: {
        id: v.body.data.id,
        email,
        password: 'Nouveau123',
        first_name: 'Boomerang',
        last_name: 'Garnier',
      },
    });
    await t.database.db.execute(sql`alter table users drop constraint hardening_boom`);
    expect(r.status).toBe(500);
    expect(r.body).toMatchObject({ success: false, code: 'INTERNAL' });
    const log = lines.join('');
    expect(log).toContain('unhandled error');
    expect(log).toContain('hardening_boom'); // the failure stays diagnosable
    for (const secret of [email, '$argon2', 'Boomerang', 'Garnier', 'params', '@example.fr']) {
      expect(log, secret).not.toContain(secret);
    }
  });

  it('identifiers in URLs and messages are scrubbed from every line', async () => {
    lines.length = 0;
    await call(t, {
      method: 'GET',
      url: '/api/accounts/syndic-alias/jean.dupont@example.fr?phone=0612345678',
    });
    t.app.log.info({ note: 'contact +33612345678 or 06 12 34 56 78, code 123456' }, 'x jean@example.fr');
    const log = lines.join('');
    expect(log).toContain('syndic-alias');
    for (const secret of [
      'jean.dupont',
      'jean@example.fr',
      '+33612345678',
      '06 12 34 56 78',
      '123456',
      '0612345678',
    ]) {
      expect(log, secret).not.toContain(secret);
    }
  });
});

/** A raw HTTP exchange with the listening server (Node's parser, not inject()). */
function raw(port: number, head: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const s = connect(port, '127.0.0.1');
    let data = '';
    s.on('data', (d) => {
      data += d.toString('utf8');
    });
    s.on('error', reject);
    s.on('close', () => {
      const [h, ...rest] = data.split('\r\n\r\n');
      resolve({ status: Number(h.split(' ')[1]), body: rest.join('\r\n\r\n') });
    });
    s.write(head);
  });
}

describe('4. every answer under /api is the French envelope', () => {
  let port: number;
  beforeAll(async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as { port: number }).port;
  });

  const get = (path: string) =>
    new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = httpRequest({ host: '127.0.0.1', port, path, method: 'GET' }, (res) => {
        let body = '';
        res.on('data', (d) => {
          body += d;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      });
      req.on('error', reject);
      req.end();
    });

  it('an undecodable URL', async () => {
    const r = await get('/api/coproprietaires/%/settings');
    expect(r.status).toBe(400);
    expect(JSON.parse(r.body)).toEqual({
      success: false,
      code: 'BAD_REQUEST',
      message: 'La requête est invalide.',
    });
  });

  it('a 3,000-character path parameter', async () => {
    const r = await get(`/api/coproprietaires/${'a'.repeat(3000)}/settings`);
    expect(r.status).toBe(414);
    expect(JSON.parse(r.body)).toEqual({
      success: false,
      code: 'URI_TOO_LONG',
      message: "L'adresse demandée est trop longue.",
    });
  });

  it('a 1 MB query string', async () => {
    const r = await raw(port, `GET /api/health?q=${'b'.repeat(1024 * 1024)} HTTP/1.1\r\nHost: x\r\n\r\n`);
    expect(r.status).toBe(431);
    expect(JSON.parse(r.body)).toMatchObject({ success: false, code: 'HEADERS_TOO_LARGE' });
  });

  it('a malformed request line', async () => {
    const r = await raw(port, 'GET /api/health HTTP/1.1\r\nHost x\r\n\r\n');
    expect(r.status).toBe(400);
    expect(JSON.parse(r.body)).toMatchObject({ success: false, code: 'BAD_REQUEST' });
  });
});

describe('10. authentication comes before the body', () => {
  it('an anonymous change-password with a bad body is 401', async () => {
    const r = await t.app.inject({ method: 'PUT', url: '/api/accounts/change-password', payload: { x: 1 } });
    expect(r.statusCode).toBe(401);
    expect(json(r)).toMatchObject({ success: false, code: 'UNAUTHORIZED' });
  });
});
