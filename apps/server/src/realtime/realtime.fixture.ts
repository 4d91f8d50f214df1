import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness.js';
import { attachRealtime, type Realtime } from './index.js';
import { roomRules } from './rooms.js';

/**
 * The Socket.IO instances and clients of one test file, on the app `app()` gives once the file's
 * beforeAll made it; `close` ends them all. Made per file, as files share their worker's modules
 * (vitest.config.ts). The instances use TEST_REDIS_URL when set, as main.ts does REDIS_URL.
 */
export function realtimeSockets(app: () => TestApp) {
  const servers: { rt: Realtime; close: () => void; port: number }[] = [];
  const sockets: Socket[] = [];

  /** A server instance of its own: an HTTP server with Socket.IO, listening on a free port. */
  async function startInstance() {
    const http = createServer();
    const rt = attachRealtime(http, roomRules(app().database.db), process.env.TEST_REDIS_URL);
    await new Promise<void>((r) => http.listen(0, '127.0.0.1', r));
    const inst = { rt, close: () => http.close(), port: (http.address() as AddressInfo).port };
    servers.push(inst);
    return inst;
  }

  /** A connected socket.io client; rejects with the handshake's error. */
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

  async function close() {
    for (const s of sockets) s.close();
    for (const i of servers) {
      await i.rt.close();
      i.close();
    }
  }

  return { startInstance, client, close };
}

export const join = (s: Socket, id: string) =>
  new Promise<{ ok: boolean }>((resolve) => s.emit('join-coproprietaire', id, resolve));

/** The next `event` the socket receives, or a rejection after `ms`. */
export const next = (s: Socket, event: string, ms = 3000) =>
  new Promise<unknown>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${event} within ${ms} ms`)), ms);
    s.once(event, (p) => {
      clearTimeout(timer);
      resolve(p);
    });
  });

/** The test file's app (made before its tests) with its sockets; all of it closed after them. */
export function realtimeApp() {
  let t: TestApp;
  const app = () => t;
  const sockets = realtimeSockets(app);
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await sockets.close();
    await t.close();
  });
  return { app, ...sockets };
}
