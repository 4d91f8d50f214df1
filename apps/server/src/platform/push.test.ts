import { createDecipheriv, createECDH, createHmac, createPublicKey, randomBytes, verify } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import webpush from 'web-push';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { devices, outbox } from '../db/schema/index.js';
import { notify } from '../modules/notifications/notify.js';
import { deliverPending } from '../outbox/worker.js';
import { makeCoproprietaire, makeSignedInUser } from '../test/factories.js';
import { createTestApp, type TestApp } from '../test/harness.js';
import type { OutboundPolicy } from '../lib/outbound-address.js';
import { pushEndpointAllowed, webPushAdapter } from './push.js';

/** Names resolve through this stub: `localtest.me` (a public name) answers loopback. */
const testOutbound: OutboundPolicy = {
  production: false,
  allowLoopback: false,
  resolve: async (host) => {
    if (host === 'localtest.me') return [{ address: '127.0.0.1', family: 4 }];
    throw new Error(`ENOTFOUND ${host}`);
  },
};

/** A local push service speaking RFC 8030: records each request, answers what the test says. */
const received: { headers: IncomingMessage['headers']; body: Buffer; path: string }[] = [];
let answer = 201;
const server = createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (c) => chunks.push(c));
  req.on('end', () => {
    received.push({ headers: req.headers, body: Buffer.concat(chunks), path: req.url ?? '' });
    res.statusCode = answer;
    res.end();
  });
});

const b64u = (b: Buffer) => b.toString('base64url');
const hmac = (key: Buffer, data: Buffer) => createHmac('sha256', key).update(data).digest();

/** The browser side: a P-256 key pair and an auth secret, as PushManager.subscribe creates. */
function browserKeys() {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return { ecdh, auth: randomBytes(16) };
}

/** RFC 8291 aes128gcm decryption with the subscription's private key. */
function decrypt(body: Buffer, ua: ReturnType<typeof browserKeys>) {
  const salt = body.subarray(0, 16);
  const idlen = body[20];
  const asPublic = body.subarray(21, 21 + idlen);
  const ciphertext = body.subarray(21 + idlen);
  const secret = ua.ecdh.computeSecret(asPublic);
  const prkKey = hmac(ua.auth, secret);
  const ikm = hmac(
    prkKey,
    Buffer.concat([Buffer.from('WebPush: info\0'), ua.ecdh.getPublicKey(), asPublic, Buffer.from([1])]),
  );
  const prk = hmac(salt, ikm);
  const cek = hmac(prk, Buffer.from('Content-Encoding: aes128gcm\0\x01', 'binary')).subarray(0, 16);
  const nonce = hmac(prk, Buffer.from('Content-Encoding: nonce\0\x01', 'binary')).subarray(0, 12);
  const d = createDecipheriv('aes-128-gcm', cek, nonce);
  d.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
  const plain = Buffer.concat([d.update(ciphertext.subarray(0, ciphertext.length - 16)), d.final()]);
  // Last record: content, then the 0x02 delimiter and zero padding.
  return plain.subarray(0, plain.lastIndexOf(2)).toString('utf8');
}

/** Checks the VAPID JWT (ES256) against the public key sent in k=. */
function checkVapid(authorization: string, publicKey: string, endpoint: string) {
  const m = /^vapid t=([^,]+), k=(.+)$/.exec(authorization);
  expect(m).not.toBeNull();
  const [token, k] = [m![1], m![2]];
  expect(k).toBe(publicKey);
  const [h, p, s] = token.split('.');
  const header = JSON.parse(Buffer.from(h, 'base64url').toString());
  const claims = JSON.parse(Buffer.from(p, 'base64url').toString());
  expect(header).toMatchObject({ typ: 'JWT', alg: 'ES256' });
  expect(claims.aud).toBe(new URL(endpoint).origin);
  expect(claims.sub).toBe('mailto:push@tantieme.test');
  expect(claims.exp * 1000).toBeGreaterThan(Date.now());
  const raw = Buffer.from(k, 'base64url');
  const key = createPublicKey({
    key: { kty: 'EC', crv: 'P-256', x: b64u(raw.subarray(1, 33)), y: b64u(raw.subarray(33, 65)) },
    format: 'jwk',
  });
  const ok = verify(
    'sha256',
    Buffer.from(`${h}.${p}`),
    { key, dsaEncoding: 'ieee-p1363' },
    Buffer.from(s, 'base64url'),
  );
  expect(ok).toBe(true);
}

let t: TestApp;
let base = '';
const vapid = { ...webpush.generateVAPIDKeys(), subject: 'mailto:push@tantieme.test' };
beforeAll(async () => {
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  t = await createTestApp({
    platform: { push: webPushAdapter(vapid, { outbound: { ...testOutbound, allowLoopback: true } }) },
  });
});
afterAll(async () => {
  server.close();
  await t.close();
});

const worker = () =>
  deliverPending(
    t.database.db,
    { kind: 'outbox-only', send: async () => {}, close: async () => {} },
    { kind: 'outbox-only', send: async () => {} },
    undefined,
    { push: t.app.platform.push },
  );

describe('Web Push against a local push service', () => {
  it('sends an encrypted, VAPID-signed push the browser can decrypt', async () => {
    const u = await makeSignedInUser(t.database.db);
    const rec = await makeCoproprietaire(t.database.db, { user_id: u.user.id });
    const keys = browserKeys();
    const endpoint = `${base}/push/device-1`;
    const sub = { endpoint, keys: { p256dh: b64u(keys.ecdh.getPublicKey()), auth: b64u(keys.auth) } };
    const reg = await t.app.inject({
      method: 'POST',
      url: '/api/coproprietaires/notifications/device-tokens',
      headers: u.headers,
      payload: { device_token: JSON.stringify(sub), device_type: 'WEB', device_language: 'fr', status: 1 },
    });
    expect(reg.statusCode).toBe(200);
    const vapidRes = await t.app.inject({
      method: 'GET',
      url: '/api/coproprietaires/notifications/vapid-public-key',
      headers: u.headers,
    });
    expect(JSON.parse(vapidRes.body).data.public_key).toBe(vapid.publicKey);

    received.length = 0;
    answer = 201;
    const n = await notify(
      t.app,
      { coproprietaireId: rec.id },
      { title: 'Coupure d’eau', body: 'Jeudi 9 h – 12 h.' },
    );
    await worker();
    expect(received).toHaveLength(1);
    const req = received[0];
    expect(req.path).toBe('/push/device-1');
    expect(req.headers['content-encoding']).toBe('aes128gcm');
    expect(req.headers['content-type']).toBe('application/octet-stream');
    expect(Number(req.headers.ttl)).toBeGreaterThan(0);
    expect(req.headers.topic).toMatch(/^[0-9a-f]{32}$/);
    expect(req.headers.urgency).toBe('normal');
    checkVapid(String(req.headers.authorization), vapid.publicKey, endpoint);
    const payload = JSON.parse(decrypt(req.body, keys));
    expect(payload).toEqual({
      title: 'Coupure d’eau',
      body: 'Jeudi 9 h – 12 h.',
      url: `/${rec.id}/notifications?open=${n.ids[0]}`,
      tag: `notification-${n.ids[0]}`,
      kind: 'notification',
      id: n.ids[0],
    });
    const [row] = await t.database.db.select().from(outbox).where(eq(outbox.channel, 'push'));
    expect(row.status).toBe('sent');
  });

  it('deletes the subscription when the push service answers 410 (and 404), without retrying', async () => {
    for (const status of [410, 404]) {
      const u = await makeSignedInUser(t.database.db);
      const rec = await makeCoproprietaire(t.database.db, { user_id: u.user.id });
      const keys = browserKeys();
      const token = JSON.stringify({
        endpoint: `${base}/push/gone-${status}`,
        keys: { p256dh: b64u(keys.ecdh.getPublicKey()), auth: b64u(keys.auth) },
      });
      await t.database.db.insert(devices).values({ user_id: u.user.id, device_token: token });
      answer = status;
      received.length = 0;
      const n = await notify(t.app, { coproprietaireId: rec.id }, { title: 'x', body: 'y' });
      await worker();
      expect(received).toHaveLength(1);
      expect(await t.database.db.select().from(devices).where(eq(devices.user_id, u.user.id))).toEqual([]);
      const [row] = (await t.database.db.select().from(outbox).where(eq(outbox.ref_id, n.ids[0]))).filter(
        (r) => r.channel === 'push',
      );
      expect(row.status).toBe('failed');
      expect(row.last_error).toContain(String(status));
      await worker();
      expect(received).toHaveLength(1);
    }
  });

  it('retries a 500 later and keeps the subscription', async () => {
    const u = await makeSignedInUser(t.database.db);
    const rec = await makeCoproprietaire(t.database.db, { user_id: u.user.id });
    const keys = browserKeys();
    const token = JSON.stringify({
      endpoint: `${base}/push/flaky`,
      keys: { p256dh: b64u(keys.ecdh.getPublicKey()), auth: b64u(keys.auth) },
    });
    await t.database.db.insert(devices).values({ user_id: u.user.id, device_token: token });
    answer = 500;
    const n = await notify(t.app, { coproprietaireId: rec.id }, { title: 'x', body: 'y' });
    await worker();
    const [row] = (await t.database.db.select().from(outbox).where(eq(outbox.ref_id, n.ids[0]))).filter(
      (r) => r.channel === 'push',
    );
    expect(row.status).toBe('pending');
    expect(await t.database.db.select().from(devices).where(eq(devices.user_id, u.user.id))).toHaveLength(1);
  });
});

describe('which push endpoints the server sends to', () => {
  it('production: https on a public host only; development also http (local push service)', () => {
    const prod = (e: string) => pushEndpointAllowed(e, { production: true, allowLoopback: false });
    expect(prod('https://fcm.googleapis.com/fcm/send/abc')).toBe(true);
    expect(prod('https://updates.push.services.mozilla.com/wpush/v2/x')).toBe(true);
    expect(prod('https://web.push.apple.com/QGx')).toBe(true);
    for (const bad of [
      'http://fcm.googleapis.com/fcm/send/abc',
      'https://localhost/x',
      'https://127.0.0.1/x',
      'https://10.0.0.5/x',
      'https://172.20.1.1/x',
      'https://192.168.1.10/x',
      'https://169.254.169.254/latest/meta-data',
      'https://[::1]/x',
      'https://[fd00::1]/x',
      'https://[::ffff:127.0.0.1]/x',
      'https://[::7f00:1]/x',
      'https://127.1/x',
      'https://2130706433/x',
      'https://0x7f.0.0.1/x',
      'https://intranet/x',
      'https://user:pw@push.example.com/x',
      'ftp://push.example.com/x',
      'not a url',
    ])
      expect(prod(bad), bad).toBe(false);
    const dev = (allowLoopback: boolean) => (e: string) =>
      pushEndpointAllowed(e, { production: false, allowLoopback });
    expect(dev(true)('http://127.0.0.1:4567/push/x')).toBe(true);
    expect(dev(false)('http://127.0.0.1:4567/push/x')).toBe(false);
    expect(dev(true)('http://10.0.0.5/push/x')).toBe(false);
    expect(dev(true)('file:///etc/passwd')).toBe(false);
  });
});

describe('a push endpoint that leads inside is refused at send time', () => {
  it('a name resolving to loopback, and IPv4-compatible [::7f00:1], are never connected to', async () => {
    const port = new URL(base).port;
    const strict = webPushAdapter(vapid, { outbound: testOutbound });
    const keys = browserKeys();
    const sub = (endpoint: string) => ({
      endpoint,
      keys: { p256dh: b64u(keys.ecdh.getPublicKey()), auth: b64u(keys.auth) },
    });
    received.length = 0;
    answer = 201;
    for (const endpoint of [
      `http://localtest.me:${port}/push/inside`,
      `http://[::7f00:1]:${port}/push/inside`,
      `http://127.0.0.1:${port}/push/inside`,
    ]) {
      const r = await strict.send(sub(endpoint), 'x', { topic: 't' });
      expect(r, endpoint).toMatchObject({ ok: false, gone: true, status: 0 });
      expect(r.ok ? '' : r.error, endpoint).toContain('Adresse refusée');
    }
    expect(received).toHaveLength(0);
    // The same receiver is reached once loopback is allowed (the refusal above is the check's).
    const open = webPushAdapter(vapid, { outbound: { ...testOutbound, allowLoopback: true } });
    expect(
      await open.send(sub(`http://localtest.me:${port}/push/inside`), 'x', { topic: 't' }),
    ).toMatchObject({
      ok: true,
    });
    expect(received[0].headers.host).toBe(`localtest.me:${port}`);
    // A name that does not resolve now is not a refusal: the subscription is kept for a retry.
    expect(await strict.send(sub(`https://nowhere.example.com/push/x`), 'x', { topic: 't' })).toMatchObject({
      ok: false,
      gone: false,
    });
  });
});
