import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeSignedInUser } from '../test/factories.js';
import { createTestApp, type TestApp } from '../test/harness.js';
import { attachRealtime, type Realtime } from './index.js';

let t: TestApp;
const servers: { rt: Realtime; close: () => void; port: number }[] = [];
const sockets: Socket[] = [];

async function startInstance() {
  const http = createServer();
  const rt = attachRealtime(http, t.database.db, process.env.TEST_REDIS_URL);
  await new Promise<void>((r) => http.listen(0, '127.0.0.1', r));
  const inst = { rt, close: () => http.close(), port: (http.address() as AddressInfo).port };
  servers.push(inst);
  return inst;
}

function client(port: number, token?: string) {
  const s = connect(`http://127.0.0.1:${port}`, {
    path: '/socket.io',
    auth: token ? { token } : {},
    transports: ['websocket'],
  });
  sockets.push(s);
  return new Promise<Socket>((resolve) => s.on('connect', () => resolve(s)));
}

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
  it("delivers a user's events to that user's sockets only", async () => {
    const inst = await startInstance();
    const a = await makeSignedInUser(t.database.db);
    const b = await makeSignedInUser(t.database.db);
    const sa = await client(inst.port, a.token);
    const sb = await client(inst.port, b.token);
    const anon = await client(inst.port);
    await new Promise((r) => setTimeout(r, 150)); // let the async auth join the room
    const gotA = next(sa, 'notification');
    let leaked = false;
    sb.on('notification', () => (leaked = true));
    anon.on('notification', () => (leaked = true));
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
});
