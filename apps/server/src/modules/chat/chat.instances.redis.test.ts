import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coproprietaireSettings } from '../../db/schema/index.js';
import { attachRealtime, type Realtime } from '../../realtime/index.js';
import { roomRules } from '../../realtime/rooms.js';
import { makeCopropriete, makeCoproprietaire, makeSignedInUser } from '../../test/factories.js';
import { createTestApp, json, type TestApp } from '../../test/harness.js';

/**
 * Chat across server instances: the message is sent over HTTP to instance one and
 * reaches the other member's socket, connected to instance two, through the Socket.IO Redis
 * adapter; a co-owner who is no member, on either instance, receives nothing. Like the
 * realtime fan-out tests (realtime.redis.test.ts), this file runs with TEST_REDIS_URL
 * (vitest.config.ts includes *.redis.test.ts then).
 */
const redis = process.env.TEST_REDIS_URL;

let t: TestApp;
let onePort: number;
let two: { rt: Realtime; close: () => void; port: number };
const sockets: Socket[] = [];

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  onePort = (t.app.server.address() as AddressInfo).port;
  // As main.ts does on every instance: Socket.IO on the app's HTTP server, with the Redis adapter.
  t.app.realtime = attachRealtime(t.app.server, roomRules(t.database.db), redis);
  const http = createServer();
  const rt = attachRealtime(http, roomRules(t.database.db), redis);
  await new Promise<void>((r) => http.listen(0, '127.0.0.1', r));
  two = { rt, close: () => http.close(), port: (http.address() as AddressInfo).port };
});
afterAll(async () => {
  for (const s of sockets) s.close();
  await two.rt.close();
  two.close();
  await t.app.realtime.close();
  await t.close();
});

function client(port: number, token: string) {
  const s = connect(`http://127.0.0.1:${port}`, {
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
const ack = (s: Socket, event: string, id: string) =>
  new Promise<{ ok: boolean }>((resolve) => s.emit(event, id, resolve));
const next = (s: Socket, event: string, ms = 4000) =>
  new Promise<unknown>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${event} within ${ms} ms`)), ms);
    s.once(event, (p) => {
      clearTimeout(timer);
      resolve(p);
    });
  });

describe('chat across two server instances (Redis adapter)', () => {
  it("a message sent to instance one reaches the other member's socket on instance two, and no one else's", async () => {
    const db = t.database.db;
    const copro = await makeCopropriete(db);
    const owner = async (name: string) => {
      const u = await makeSignedInUser(db);
      const rec = await makeCoproprietaire(db, { copropriete_id: copro.id, user_id: u.user.id, name });
      await db
        .insert(coproprietaireSettings)
        .values({ coproprietaire_id: rec.id, key: 'chat-allow-other-owners', value: '1' });
      return { ...u, rec };
    };
    const claire = await owner('Mme Claire Martin');
    const paul = await owner('M. Paul Durand');
    const karim = await owner('M. Karim Bensaïd');
    const base = `/api/coproprietaires/${paul.rec.id}/chat/conversations`;
    const open = await t.app.inject({
      method: 'POST',
      url: base,
      headers: paul.headers,
      payload: { participant_id: claire.rec.id, participant_type: 'coproprietaire' },
    });
    expect(open.statusCode).toBe(200);
    const cid = json(open).data.id as string;

    // Claire on instance two; Karim (no member) on both.
    const c = await client(two.port, claire.token);
    expect(await ack(c, 'join-coproprietaire', claire.rec.id)).toEqual({ ok: true });
    expect(await ack(c, 'join-conversation', cid)).toEqual({ ok: true });
    const k2 = await client(two.port, karim.token);
    const k1 = await client(onePort, karim.token);
    for (const k of [k1, k2]) {
      expect(await ack(k, 'join-coproprietaire', karim.rec.id)).toEqual({ ok: true });
      expect(await ack(k, 'join-conversation', cid)).toEqual({ ok: false });
    }
    let leaked = 0;
    for (const k of [k1, k2]) {
      k.on('chat-message', () => leaked++);
      k.on('chat-update', () => leaked++);
    }
    await new Promise((r) => setTimeout(r, 300));

    const gotMessage = next(c, 'chat-message');
    const gotUpdate = next(c, 'chat-update');
    const sent = await t.app.inject({
      method: 'POST',
      url: `${base}/${cid}/messages`,
      headers: paul.headers,
      payload: { text: 'Bonjour Claire, la réunion du conseil est jeudi.', files: [] },
    });
    expect(sent.statusCode).toBe(200);
    expect(await gotMessage).toEqual({ conversation_id: cid, message_id: json(sent).data.id });
    expect(await gotUpdate).toEqual({ conversation_id: cid, coproprietaire_id: claire.rec.id });

    // What the event says is there: her unseen count, read on instance one.
    const unseen = await t.app.inject({
      method: 'GET',
      url: `/api/coproprietaires/${claire.rec.id}/chat/unseen`,
      headers: claire.headers,
    });
    expect(json(unseen).data).toEqual({ un_seen: 1 });
    await new Promise((r) => setTimeout(r, 300));
    expect(leaked).toBe(0);
  });
});
