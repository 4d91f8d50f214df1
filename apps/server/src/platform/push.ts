import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import webpush from 'web-push';
import type { Config } from '../config.js';
import {
  checkOutboundSyntax,
  checkOutboundUrl,
  type OutboundPolicy,
  outboundPolicy,
} from '../lib/outbound-address.js';
import { outboundFailure, sendToChecked } from '../lib/outbound-request.js';

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
 * Web Push with the `web-push` library for VAPID signing and aes128gcm encryption. The
 * endpoint is the browser's (user input): the push service's host is resolved and checked at
 * each send, and the request goes to the checked address (lib/outbound-address.ts), https in
 * production, a local http server in tests (OUTBOUND_ALLOW_LOOPBACK).
 */
export function webPushAdapter(
  keys: VapidKeys,
  opts: { timeoutMs?: number; outbound?: OutboundPolicy } = {},
): PushAdapter {
  const outbound = opts.outbound ?? outboundPolicy({ env: 'production', outboundAllowLoopback: false });
  const timeoutMs = opts.timeoutMs ?? 10_000;
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
      const checked = await checkOutboundUrl(details.endpoint, outbound);
      // A refused address never becomes valid: the subscription is dropped like an expired one;
      // a name that does not resolve now is tried again later.
      if (!checked.ok) return { ok: false, gone: !checked.transient, status: 0, error: checked.reason };
      const res = await sendToChecked(checked.target, {
        method: details.method,
        headers: details.headers as Record<string, string>,
        body: details.body ? new Uint8Array(details.body as Buffer) : undefined,
        timeoutMs,
      });
      if (!res.ok)
        return { ok: false, gone: false, status: 0, error: outboundFailure(res.reason, timeoutMs) };
      if (res.status >= 200 && res.status < 300) return { ok: true, status: res.status };
      // 404 / 410: the subscription expired or was unsubscribed; it will never work again.
      return {
        ok: false,
        gone: res.status === 404 || res.status === 410,
        status: res.status,
        error: `HTTP ${res.status}`,
      };
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
 * Whether a subscription's endpoint may be registered: what can be told without resolving it
 * (scheme, credentials, an internal address or name, in any spelling). The host is resolved
 * and every address checked at each send.
 */
export function pushEndpointAllowed(
  endpoint: string,
  policy: Pick<OutboundPolicy, 'production' | 'allowLoopback'>,
): boolean {
  return checkOutboundSyntax(endpoint, policy).ok;
}
