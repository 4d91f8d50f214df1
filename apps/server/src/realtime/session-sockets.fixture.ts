import type { AddressInfo } from 'node:net';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness.js';
import { attachRealtime } from './index.js';
import { realtimeSockets } from './realtime.fixture.js';
import { roomRules } from './rooms.js';

/**
 * The session-socket tests' app as main.ts runs it, on the app `app()` gives once the file's
 * beforeAll made it: listening on a port, Socket.IO on its own HTTP server; the realtime
 * fixture's clients and other instances; `close` ends them and the app's realtime.
 */
export function sessionSockets(app: () => TestApp) {
  const rt = realtimeSockets(app);
  let port = 0;

  async function listen() {
    const t = app();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as AddressInfo).port;
    t.app.realtime = attachRealtime(t.app.server, roomRules(t.database.db), process.env.TEST_REDIS_URL);
  }

  /** A call to the listening app over HTTP, with the token as bearer. */
  const api = (method: 'POST' | 'PUT', url: string, token: string, payload?: object) =>
    fetch(`http://127.0.0.1:${port}${url}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(payload ? { 'content-type': 'application/json' } : {}),
      },
      ...(payload ? { body: JSON.stringify(payload) } : {}),
    });

  async function close() {
    await rt.close();
    await app().app.realtime.close();
  }

  return { listen, port: () => port, client: rt.client, startInstance: rt.startInstance, api, close };
}

/** The test file's app, listening with its realtime before its tests; all of it closed after them. */
export function sessionSocketsApp() {
  let t: TestApp;
  const app = () => t;
  const sockets = sessionSockets(app);
  beforeAll(async () => {
    t = await createTestApp();
    await sockets.listen();
  });
  afterAll(async () => {
    await sockets.close();
    await t.close();
  });
  return { app, ...sockets };
}

/** The reason the socket is disconnected for, or a rejection after `ms`. */
export const closed = (s: Socket, ms = 5000) =>
  new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`still connected after ${ms} ms`)), ms);
    s.once('disconnect', (reason) => {
      clearTimeout(timer);
      resolve(reason);
    });
  });
