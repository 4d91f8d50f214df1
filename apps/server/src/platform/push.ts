import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import webpush from 'web-push';
import type { Config } from '../config.js';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  subject: string;
}

export interface PushSubscriptionJson {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

export type PushResult =
  | { ok: true; status: number }
  | { ok: false; gone: boolean; status: number; error: string };

export interface PushAdapter {
  readonly kind: 'web-push';
  readonly publicKey: string;
  /**
   * Sends one encrypted Web Push message (RFC 8030/8291/8292). `topic` makes the push
   * service replace a not-yet-delivered message with the same topic, so a retry after a
   * crash between send and bookkeeping is not shown twice.
   */
  send(
    sub: PushSubscriptionJson,
    payload: string,
    opts: { topic: string; ttlS?: number },
  ): Promise<PushResult>;
}

/**
 * Web Push with the `web-push` library for VAPID signing and aes128gcm encryption; the HTTP
 * request itself goes through fetch, so any push service URL works (https in production, a
 * local http server in tests).
 */
export function webPushAdapter(keys: VapidKeys, opts: { timeoutMs?: number } = {}): PushAdapter {
  return {
    kind: 'web-push',
    publicKey: keys.publicKey,
    async send(sub, payload, { topic, ttlS = 24 * 3600 }) {
      const details = webpush.generateRequestDetails(sub, payload, {
        vapidDetails: keys,
        TTL: ttlS,
        topic,
        urgency: 'normal',
        contentEncoding: 'aes128gcm',
      });
      try {
        const res = await fetch(details.endpoint, {
          method: details.method,
          headers: details.headers as Record<string, string>,
          body: details.body ? new Uint8Array(details.body as Buffer) : undefined,
          signal: AbortSignal.timeout(opts.timeoutMs ?? 10_000),
        });
        await res.arrayBuffer().catch(() => undefined);
        if (res.status >= 200 && res.status < 300) return { ok: true, status: res.status };
        // 404 / 410: the subscription expired or was unsubscribed; it will never work again.
        return {
          ok: false,
          gone: res.status === 404 || res.status === 410,
          status: res.status,
          error: `HTTP ${res.status}`,
        };
      } catch (err) {
        return { ok: false, gone: false, status: 0, error: String(err).slice(0, 200) };
      }
    },
  };
}

/**
 * VAPID keys: VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY / VAPID_SUBJECT in production; the
 * embedded default generates a pair once into DATA_DIR/vapid.json (kept across restarts, so
 * browser subscriptions stay valid).
 */
export async function ensureVapidKeys(config: Config): Promise<Config> {
  if (config.vapid) return config;
  if (config.env === 'production')
    throw new Error('VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY and VAPID_SUBJECT must be set in production');
  const file = path.join(config.dataDir, 'vapid.json');
  await mkdir(config.dataDir, { recursive: true });
  if (!existsSync(file)) {
    const k = webpush.generateVAPIDKeys();
    await writeFile(file, JSON.stringify({ publicKey: k.publicKey, privateKey: k.privateKey }), {
      mode: 0o600,
    });
  }
  const k = JSON.parse(await readFile(file, 'utf8')) as { publicKey: string; privateKey: string };
  return { ...config, vapid: { ...k, subject: defaultVapidSubject(config) } };
}

export function defaultVapidSubject(config: Pick<Config, 'mailFrom'>) {
  const m = /<([^>]+)>/.exec(config.mailFrom)?.[1] ?? config.mailFrom;
  return `mailto:${m.trim()}`;
}

/**
 * Where the server may send pushes for a subscription the browser gave: in production only an
 * https push service on a public host (the endpoint is user input: never a loopback, private or
 * link-local address, which would turn the outbox into a way to reach the internal network).
 * Development and tests also accept http (the local push service of the e2e).
 */
export function pushEndpointAllowed(endpoint: string, production: boolean): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (!production) return url.protocol === 'https:' || url.protocol === 'http:';
  if (url.protocol !== 'https:' || url.username || url.password) return false;
  const host = url.hostname.replace(/^\[|\]$/g, '').toLowerCase();
  if (
    host === 'localhost' ||
    host.endsWith('.localhost') ||
    host.endsWith('.local') ||
    (!host.includes('.') && !host.includes(':'))
  )
    return false;
  const v4 = /^(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(host);
  if (v4) {
    const [a, b] = [Number(v4[1]), Number(v4[2])];
    return !(
      a === 0 ||
      a === 10 ||
      a === 127 ||
      (a === 169 && b === 254) ||
      (a === 172 && b >= 16 && b <= 31) ||
      (a === 192 && b === 168) ||
      (a === 100 && b >= 64 && b <= 127) ||
      a >= 224
    );
  }
  if (host.includes(':'))
    return !(
      host === '::1' ||
      host === '::' ||
      /^(fc|fd|fe8|fe9|fea|feb)/.test(host) ||
      host.startsWith('::ffff:')
    );
  return true;
}
