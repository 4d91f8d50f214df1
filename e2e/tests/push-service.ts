import { createDecipheriv, createECDH, createHmac, createPublicKey, randomBytes, verify } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local Web Push service (RFC 8030) standing in for the browser vendor's (FCM for Chromium, which
 * a headless browser without network cannot reach): it holds the browser side of one subscription
 * (P-256 key pair and auth secret, as PushManager.subscribe creates them), checks each request the
 * server sends like a real push service would (VAPID JWT signed ES256 by the key the browser
 * subscribed with, RFC 8292; aes128gcm body, RFC 8291; TTL; Topic) and decrypts the payload with
 * the subscription's private key, which is what the browser hands to the service worker.
 */
export interface ReceivedPush {
  path: string;
  headers: IncomingHttpHeaders;
  /** The decrypted payload. */
  text: string;
  /** What failed in the checks, empty when the request is a valid Web Push request. */
  problems: string[];
}

const b64u = (b: Buffer) => b.toString('base64url');
const hmac = (key: Buffer, data: Buffer) => createHmac('sha256', key).update(data).digest();

export async function startPushService() {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = randomBytes(16);
  const received: ReceivedPush[] = [];
  const waiters: ((p: ReceivedPush) => void)[] = [];
  /** The server's VAPID public key, as the browser passed it to subscribe() (set by the test). */
  let applicationServerKey = '';

  function decrypt(body: Buffer) {
    const salt = body.subarray(0, 16);
    const idlen = body[20];
    const asPublic = body.subarray(21, 21 + idlen);
    const ciphertext = body.subarray(21 + idlen);
    const secret = ecdh.computeSecret(asPublic);
    const ikm = hmac(
      hmac(auth, secret),
      Buffer.concat([Buffer.from('WebPush: info\0'), ecdh.getPublicKey(), asPublic, Buffer.from([1])]),
    );
    const prk = hmac(salt, ikm);
    const cek = hmac(prk, Buffer.from('Content-Encoding: aes128gcm\0\x01', 'binary')).subarray(0, 16);
    const nonce = hmac(prk, Buffer.from('Content-Encoding: nonce\0\x01', 'binary')).subarray(0, 12);
    const d = createDecipheriv('aes-128-gcm', cek, nonce);
    d.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
    const plain = Buffer.concat([d.update(ciphertext.subarray(0, ciphertext.length - 16)), d.final()]);
    return plain.subarray(0, plain.lastIndexOf(2)).toString('utf8');
  }

  function vapidProblems(authorization: string | undefined, origin: string) {
    const m = /^vapid t=([^,]+), k=(.+)$/.exec(authorization ?? '');
    if (!m) return ['Authorization is not "vapid t=…, k=…"'];
    const [token, k] = [m[1], m[2]];
    const out: string[] = [];
    if (k !== applicationServerKey) out.push('k= is not the key the browser subscribed with');
    const [h, p, s] = token.split('.');
    const header = JSON.parse(Buffer.from(h, 'base64url').toString());
    const claims = JSON.parse(Buffer.from(p, 'base64url').toString());
    if (header.alg !== 'ES256') out.push('JWT alg is not ES256');
    if (claims.aud !== origin) out.push(`JWT aud ${claims.aud} is not ${origin}`);
    if (!(claims.exp * 1000 > Date.now())) out.push('JWT expired');
    if (!/^(mailto:|https:)/.test(String(claims.sub))) out.push('JWT sub is not a mailto: or https: URL');
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
    if (!ok) out.push('JWT signature does not verify');
    return out;
  }

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const problems = vapidProblems(req.headers.authorization, origin);
      if (req.method !== 'POST') problems.push(`method ${req.method}`);
      if (req.headers['content-encoding'] !== 'aes128gcm') problems.push('Content-Encoding is not aes128gcm');
      if (!/^\d+$/.test(String(req.headers.ttl ?? ''))) problems.push('no TTL');
      if (!/^[A-Za-z0-9_-]{1,32}$/.test(String(req.headers.topic ?? ''))) problems.push('no valid Topic');
      let text = '';
      try {
        text = decrypt(body);
      } catch (err) {
        problems.push(`cannot decrypt: ${String(err)}`);
      }
      const push = { path: req.url ?? '', headers: req.headers, text, problems };
      received.push(push);
      for (const w of waiters.splice(0)) w(push);
      res.statusCode = problems.length ? 400 : 201;
      res.end();
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const endpoint = `${origin}/push/${randomBytes(8).toString('hex')}`;

  return {
    endpoint,
    received,
    /** The browser's subscription, as PushSubscription.toJSON() gives it. */
    subscription: {
      endpoint,
      expirationTime: null,
      keys: { p256dh: b64u(ecdh.getPublicKey()), auth: b64u(auth) },
    },
    setApplicationServerKey: (k: string) => {
      applicationServerKey = k;
    },
    /** The next push received (or one already received that matches). */
    next(match: (p: ReceivedPush) => boolean, ms = 20_000) {
      const already = received.find(match);
      if (already) return Promise.resolve(already);
      return new Promise<ReceivedPush>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no push within ${ms} ms`)), ms);
        const wait = (p: ReceivedPush) => {
          if (match(p)) {
            clearTimeout(timer);
            resolve(p);
          } else waiters.push(wait);
        };
        waiters.push(wait);
      });
    },
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

/**
 * Page init script: Chromium's own PushManager.subscribe needs its vendor push service (FCM),
 * which a headless browser without network cannot reach (and an incognito context refuses
 * outright). subscribe() / getSubscription() / unsubscribe() answer with the local push
 * service's subscription instead; everything else (permission, service worker, the app's calls)
 * is the browser's own. Records the applicationServerKey the app subscribed with.
 */
export function fakeSubscribeScript(sub: {
  endpoint: string;
  expirationTime: null;
  keys: { p256dh: string; auth: string };
}) {
  return `(() => {
    const sub = ${JSON.stringify(sub)};
    const b64u = (bytes) => btoa(String.fromCharCode(...new Uint8Array(bytes))).replace(/\\+/g, '-').replace(/\\//g, '_').replace(/=+$/, '');
    const fromB64u = (s) => Uint8Array.from(atob(s.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (s.length % 4)) % 4)), (c) => c.charCodeAt(0)).buffer;
    const state = () => JSON.parse(localStorage.getItem('__e2e_push') || '{}');
    const save = (s) => localStorage.setItem('__e2e_push', JSON.stringify(s));
    const make = (key) => ({
      endpoint: sub.endpoint,
      expirationTime: null,
      options: { userVisibleOnly: true, applicationServerKey: fromB64u(key) },
      getKey: (name) => fromB64u(sub.keys[name]),
      toJSON: () => sub,
      unsubscribe: async () => { save({ ...state(), subscribed: false, unsubscribed: true }); return true; },
    });
    if (typeof PushManager === 'undefined') return;
    PushManager.prototype.subscribe = async function (options) {
      if (Notification.permission !== 'granted') throw new DOMException('Registration failed - permission denied', 'NotAllowedError');
      const key = b64u(options.applicationServerKey);
      save({ ...state(), subscribed: true, applicationServerKey: key });
      return make(key);
    };
    PushManager.prototype.getSubscription = async function () {
      const s = state();
      return s.subscribed ? make(s.applicationServerKey) : null;
    };
  })();`;
}
