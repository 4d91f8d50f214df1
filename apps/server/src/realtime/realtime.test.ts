import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveToken } from '../modules/identity/session.service.js';
import { notify } from '../modules/notifications/notify.js';
import { makeCoproprietaire, makeSignedInUser } from '../test/factories.js';
import { createTestApp, type TestApp } from '../test/harness.js';
import { attachRealtime, type Realtime } from './index.js';
import { roomRules } from './rooms.js';

let t: TestApp;
const servers: { rt: Realtime; close: () => void; port: number }[] = [];
const sockets: Socket[] = [];

async function startInstance() {
  const http = createServer();
  const rt = attachRealtime(http, roomRules(t.database.db), process.env.TEST_REDIS_URL);
  await new Promise<void>((r) => http.listen(0, '127.0.0.1', r));
  const inst = { rt, close: () => http.close(), port: (http.address() as AddressInfo).port };
  servers.push(inst);
  return inst;
}

function client(port: number, token?: string, ns = '') {
  const s = connect(`http://127.0.0.1:${port}${ns}`, {
    path: '/socket.io',
    auth: token ? { token } : {},
    transports: ['websocket'],
    reconnection: false,
  });
  sockets.push(s);
  return new Promise<Socket>((resolve, reject) => {
    s.on('connect', () => resolve(s));
    s.on('connect_error', (err) => reject(err));
  });
}

const join = (s: Socket, id: string) =>
  new Promise<{ ok: boolean }>((resolve) => s.emit('join-coproprietaire', id, resolve));

const next = (s: Socket, event: string, ms = 3000) =>
  new Promise<unknown>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${event} within ${ms} ms`)), ms);
    s.once(event, (p) => {
      clearTimeout(timer);
      resolve(p);
    });
  });

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  for (const s of sockets) s.close();
  for (const i of servers) {
    await i.rt.close();
    i.close();
  }
  await t.close();
});

describe('Socket.IO realtime', () => {
  it('refuses a handshake without a valid session token', async () => {
    const inst = await startInstance();
    await expect(client(inst.port)).rejects.toThrow('UNAUTHORIZED');
    await expect(client(inst.port, 'not-a-session')).rejects.toThrow('UNAUTHORIZED');
    // The QR sign-in namespace stays public (the desktop has no session yet).
    const qr = await client(inst.port, undefined, '/qr');
    const id = '0b7c6a3e-6a43-4f4e-9d7c-2b4f0f6c1a11';
    qr.emit('join-qr', id);
    await new Promise((r) => setTimeout(r, 100));
    const got = next(qr, 'qr-scanned');
    inst.rt.toRoom(`qr:${id}`, 'qr-scanned', { fullName: 'X' });
    expect(await got).toEqual({ fullName: 'X' });
  });

  it("joins a record's room only for the user who holds it", async () => {
    const inst = await startInstance();
    const a = await makeSignedInUser(t.database.db);
    const b = await makeSignedInUser(t.database.db);
    const rec = await makeCoproprietaire(t.database.db, { user_id: a.user.id });
    const sa = await client(inst.port, a.token);
    const sb = await client(inst.port, b.token);
    expect(await join(sa, rec.id)).toEqual({ ok: true });
    expect(await join(sb, rec.id)).toEqual({ ok: false });
    expect(await join(sb, 'nope')).toEqual({ ok: false });
    let leaked = false;
    sb.on('notification', () => (leaked = true));
    const got = next(sa, 'notification');
    inst.rt.toRoom(`coproprietaire:${rec.id}`, 'notification', { n: 1 });
    expect(await got).toEqual({ n: 1 });
    await new Promise((r) => setTimeout(r, 200));
    expect(leaked).toBe(false);
  });

  it('disconnects the sockets of a session', async () => {
    const inst = await startInstance();
    const a = await makeSignedInUser(t.database.db);
    const s = await client(inst.port, a.token);
    const closed = new Promise((r) => s.on('disconnect', r));
    const session = await resolveToken(t.database.db, a.token);
    inst.rt.disconnectSession(session!.sessionId);
    expect(await closed).toBe('io server disconnect');
  });

  it("delivers a user's events to that user's sockets only", async () => {
    const inst = await startInstance();
    const a = await makeSignedInUser(t.database.db);
    const b = await makeSignedInUser(t.database.db);
    const sa = await client(inst.port, a.token);
    const sb = await client(inst.port, b.token);
    const gotA = next(sa, 'notification');
    let leaked = false;
    sb.on('notification', () => (leaked = true));
    inst.rt.toUser(a.user.id, 'notification', { action: 'new' });
    expect(await gotA).toEqual({ action: 'new' });
    await new Promise((r) => setTimeout(r, 200));
    expect(leaked).toBe(false);
  });

  it.runIf(!!process.env.TEST_REDIS_URL)('fans out across instances through Redis', async () => {
    const one = await startInstance();
    const two = await startInstance();
    const u = await makeSignedInUser(t.database.db);
    const s = await client(two.port, u.token);
    await new Promise((r) => setTimeout(r, 300));
    const got = next(s, 'ping-fanout');
    one.rt.toUser(u.user.id, 'ping-fanout', { from: 'one' });
    expect(await got).toEqual({ from: 'one' });
  });

  it.runIf(!!process.env.TEST_REDIS_URL)(
    "a notification created on one instance reaches the record's room on the other",
    async () => {
      const one = await startInstance();
      const two = await startInstance();
      const u = await makeSignedInUser(t.database.db);
      const rec = await makeCoproprietaire(t.database.db, { user_id: u.user.id });
      const s = await client(two.port, u.token);
      expect(await join(s, rec.id)).toEqual({ ok: true });
      await new Promise((r) => setTimeout(r, 200));
      const got = next(s, 'notification');
      // Once only, although the socket is in both the user's and the record's room.
      let count = 0;
      s.on('notification', () => count++);
      const res = await notify(
        { db: t.database.db, realtime: one.rt, config: { env: 'test', publicUrl: 'http://localhost' } },
        { coproprietaireId: rec.id },
        { title: 'Ascenseur', body: 'En service.' },
      );
      expect(await got).toMatchObject({
        notification_action: 'new',
        notification_id: res.ids[0],
        total_notification: 1,
      });
      await new Promise((r) => setTimeout(r, 300));
      expect(count).toBe(1);
    },
  );
});
