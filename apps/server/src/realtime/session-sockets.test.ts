import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '../db/schema/index.js';
import { sha256 } from '../lib/crypto.js';
import { makeSignedInUser, TEST_PASSWORD } from '../test/factories.js';
import { createSession } from '../modules/identity/session.service.js';
import { createTestApp, type TestApp } from '../test/harness.js';
import { attachRealtime, type Realtime } from './index.js';
import { roomRules } from './rooms.js';

/**
 * A Socket.IO connection must not outlive its token: logout, password change and session expiry
 * close that session's sockets, on every instance. Real server, real socket.io client.
 */
let t: TestApp;
let port: number;
const others: { rt: Realtime; close: () => void }[] = [];
const sockets: Socket[] = [];

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
  // As main.ts does: the app's realtime is Socket.IO on its own HTTP server.
  t.app.realtime = attachRealtime(t.app.server, roomRules(t.database.db), process.env.TEST_REDIS_URL);
});
afterAll(async () => {
  for (const s of sockets) s.close();
  for (const o of others) {
    await o.rt.close();
    o.close();
  }
  await t.app.realtime.close();
  await t.close();
});

function client(p: number, token: string) {
  const s = connect(`http://127.0.0.1:${p}`, {
    path: '/socket.io',
    auth: { token },
    transports: ['websocket'],
    reconnection: false,
  });
  sockets.push(s);
  return new Promise<Socket>((resolve, reject) => {
    s.on('connect', () => resolve(s));
    s.on('connect_error', reject);
  });
}

const closed = (s: Socket, ms = 5000) =>
  new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`still connected after ${ms} ms`)), ms);
    s.once('disconnect', (reason) => {
      clearTimeout(timer);
      resolve(reason);
    });
  });

const api = (method: 'POST' | 'PUT', url: string, token: string, payload?: object) =>
  fetch(`http://127.0.0.1:${port}${url}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(payload ? { 'content-type': 'application/json' } : {}) },
    ...(payload ? { body: JSON.stringify(payload) } : {}),
  });

describe('a socket does not outlive its session', () => {
  it('logout closes the sockets of that session, and only those; the token no longer connects', async () => {
    const a = await makeSignedInUser(t.database.db);
    const other = await createSession(t.database.db, a.user.id);
    const s = await client(port, a.token);
    const kept = await client(port, other);
    const gone = closed(s);
    const res = await api('POST', '/api/auth/logout', a.token);
    expect(res.status).toBe(200);
    expect(await gone).toBe('io server disconnect');
    // Events sent afterwards to the user reach only the session still signed in.
    let leaked = false;
    s.on('finances-updated', () => (leaked = true));
    const got = new Promise((r) => kept.once('finances-updated', r));
    t.app.realtime.toUser(a.user.id, 'finances-updated', { coproprietaire_id: 'x' });
    expect(await got).toEqual({ coproprietaire_id: 'x' });
    expect(leaked).toBe(false);
    expect(kept.connected).toBe(true);
    await expect(client(port, a.token)).rejects.toThrow('UNAUTHORIZED');
  });

  it("a password change closes the user's other sessions' sockets, not the current one", async () => {
    const a = await makeSignedInUser(t.database.db);
    const phone = await createSession(t.database.db, a.user.id);
    const here = await client(port, a.token);
    const there = await client(port, phone);
    const gone = closed(there);
    const res = await api('PUT', '/api/accounts/change-password', a.token, {
      old_password: TEST_PASSWORD,
      new_password: 'Nouveau2025',
    });
    expect(res.status).toBe(200);
    expect(await gone).toBe('io server disconnect');
    await new Promise((r) => setTimeout(r, 200));
    expect(here.connected).toBe(true);
  });

  it('closes a socket when its session expires', async () => {
    const a = await makeSignedInUser(t.database.db);
    await t.database.db
      .update(sessions)
      .set({ expires_at: new Date(Date.now() + 1500) })
      .where(eq(sessions.token_hash, sha256(a.token)));
    const s = await client(port, a.token);
    expect(await closed(s, 6000)).toBe('io server disconnect');
  });

  it.runIf(!!process.env.TEST_REDIS_URL)(
    'logout on one instance closes the socket held by another',
    async () => {
      const http = createServer();
      const rt = attachRealtime(http, roomRules(t.database.db), process.env.TEST_REDIS_URL);
      await new Promise<void>((r) => http.listen(0, '127.0.0.1', r));
      others.push({ rt, close: () => http.close() });
      const a = await makeSignedInUser(t.database.db);
      const s = await client((http.address() as AddressInfo).port, a.token);
      await new Promise((r) => setTimeout(r, 300));
      const gone = closed(s);
      expect((await api('POST', '/api/auth/logout', a.token)).status).toBe(200);
      expect(await gone).toBe('io server disconnect');
    },
  );
});
