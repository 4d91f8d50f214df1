import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { syndicWebhookDeliveries, syndicWebhookEndpoints } from '../../../db/schema/index.js';
import type { OutboundPolicy } from '../../../lib/outbound-address.js';
import { makeSyndicWithKey } from '../../../test/factories.syndic.js';
import { createTestApp, json, type TestApp } from '../../../test/harness.js';
import { deliverDueWebhooks, startWebhookWorker } from './webhooks.delivery.js';
import { queueSyndicEvent } from './webhooks.service.js';

/**
 * Names resolve through this table, never the system's DNS: what a syndic's name answers is
 * the test's choice (a public name answering loopback, a name answering a public and a private
 * address, a name whose answer changes between registration and delivery).
 */
const dns = new Map<string, string[]>([
  ['hooks.example.com', ['93.184.216.34']],
  ['localtest.me', ['127.0.0.1']],
  ['mixed.example.com', ['93.184.216.34', '10.0.0.1']],
  ['v6inside.example.com', ['fd00::1']],
  ['rebind.example.com', ['93.184.216.34']],
  ['receiver.example.com', ['127.0.0.1']],
]);
const resolve: OutboundPolicy['resolve'] = async (host) => {
  const a = dns.get(host);
  if (!a) throw new Error(`ENOTFOUND ${host}`);
  return a.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
};
/** The production rule (loopback flag off, https only). */
const production: OutboundPolicy = { production: true, allowLoopback: false, resolve };

const APP_SECRET = 'test-secret-not-for-production';
let t: TestApp;
let receiver: Server;
let port = 0;
let hits: IncomingMessage[] = [];
/** Requests whose answer the test holds (the slow endpoint). */
const held: ServerResponse[] = [];
beforeAll(async () => {
  receiver = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      hits.push(req);
      if (req.url?.startsWith('/slow')) held.push(res);
      else res.writeHead(204).end();
    });
  });
  await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
  port = (receiver.address() as AddressInfo).port;
  t = await createTestApp({ platform: { outbound: production } });
});
afterAll(async () => {
  for (const r of held) r.end();
  await t.close();
  await new Promise((r) => receiver.close(r));
});

const register = (headers: Record<string, string>, url: string) =>
  t.app.inject({ method: 'POST', url: '/api/syndic/v1/webhooks', headers, payload: { url } });

describe('a webhook URL must lead outside', () => {
  it('refuses every internal address form, credentials, plain http and internal names, with a French reason on `url`', async () => {
    const { headers } = await makeSyndicWithKey(t.database.db);
    const refused = [
      'https://169.254.169.254/latest/meta-data/',
      'https://127.0.0.1/hooks',
      'https://127.1/hooks',
      'https://2130706433/hooks',
      'https://0x7f.0.0.1/hooks',
      'https://0177.0.0.1/hooks',
      'https://localhost/hooks',
      'https://LOCALHOST./hooks',
      'https://[::1]/hooks',
      'https://[::ffff:127.0.0.1]/hooks',
      'https://[::7f00:1]/hooks',
      'https://[::]/hooks',
      'https://10.0.0.1/hooks',
      'https://172.16.5.4/hooks',
      'https://192.168.1.1/hooks',
      'https://100.64.0.1/hooks',
      'https://0.0.0.0/hooks',
      'https://224.0.0.1/hooks',
      'https://255.255.255.255/hooks',
      'https://[fd00::1]/hooks',
      'https://[fe80::1]/hooks',
      'https://[64:ff9b::7f00:1]/hooks',
      'https://[2002:7f00:1::]/hooks',
      'https://localtest.me/hooks',
      'https://mixed.example.com/hooks',
      'https://v6inside.example.com/hooks',
      'https://intranet/hooks',
      'https://metadata.google.internal/hooks',
      'https://unknown.example.com/hooks',
      'https://user:pw@127.0.0.1/hooks',
      'https://user:pw@hooks.example.com/hooks',
      'http://hooks.example.com/hooks',
      'ftp://hooks.example.com/hooks',
    ];
    for (const url of refused) {
      const res = await register(headers, url);
      expect(res.statusCode, url).toBe(400);
      const body = json(res);
      expect(body.code, url).toBe('VALIDATION_ERROR');
      expect(Object.keys(body.errors), url).toEqual(['url']);
      expect(body.errors.url, url).toMatch(/^(Adresse refusée|L'adresse|Ce nom d'hôte)/);
    }
    const ok = await register(headers, 'https://hooks.example.com/hooks');
    expect(ok.statusCode, ok.body).toBe(200);
    expect(json(ok).data.url).toBe('https://hooks.example.com/hooks');
  });

  it('checks again at delivery: a name that now resolves to loopback is refused, nothing is sent, the log says so without a status', async () => {
    const { headers, syndic } = await makeSyndicWithKey(t.database.db);
    const outbound: OutboundPolicy = { production: false, allowLoopback: false, resolve };
    dns.set('rebind.example.com', ['93.184.216.34']);
    // Registered while the name answered a public address; the test receiver speaks plain http
    // on its own port, so the stored URL is pointed there (the delivery policy allows http).
    expect((await register(headers, 'https://rebind.example.com/hooks')).statusCode).toBe(200);
    await t.database.db
      .update(syndicWebhookEndpoints)
      .set({ url: `http://rebind.example.com:${port}/hooks` })
      .where(eq(syndicWebhookEndpoints.syndic_id, syndic.id));
    dns.set('rebind.example.com', ['127.0.0.1']);
    await queueSyndicEvent(t.database.db, syndic.id, 'ballot.cast', { resolution: 'R1' });
    hits = [];
    expect(
      await deliverDueWebhooks(t.database.db, APP_SECRET, { outbound, now: () => Date.now() + 1000 }),
    ).toBe(1);
    expect(hits).toHaveLength(0);
    const [d] = await t.database.db
      .select()
      .from(syndicWebhookDeliveries)
      .where(eq(syndicWebhookDeliveries.syndic_id, syndic.id));
    expect(d).toMatchObject({ status: 'pending', attempts: 1, last_status_code: null });
    expect(d.last_error).toContain('Adresse refusée');
    const log = json(
      await t.app.inject({
        method: 'GET',
        url: `/api/syndic/v1/webhooks/${d.endpoint_id}/deliveries`,
        headers,
      }),
    ).data.items[0];
    expect(log).toMatchObject({ last_status_code: null, last_error: d.last_error });
  });

  it('connects to the address it checked, keeping the name in the Host header (no second lookup)', async () => {
    const { headers, syndic } = await makeSyndicWithKey(t.database.db);
    const outbound: OutboundPolicy = { production: false, allowLoopback: true, resolve };
    expect((await register(headers, 'https://hooks.example.com/pinned')).statusCode).toBe(200);
    await t.database.db
      .update(syndicWebhookEndpoints)
      .set({ url: `http://receiver.example.com:${port}/pinned` })
      .where(eq(syndicWebhookEndpoints.syndic_id, syndic.id));
    await queueSyndicEvent(t.database.db, syndic.id, 'ballot.cast', { resolution: 'R2' });
    hits = [];
    await deliverDueWebhooks(t.database.db, APP_SECRET, { outbound, now: () => Date.now() + 1000 });
    // receiver.example.com exists only in the test's table: the system resolver was never asked.
    expect(hits).toHaveLength(1);
    expect(hits[0].headers.host).toBe(`receiver.example.com:${port}`);
    expect(hits[0].url).toBe('/pinned');
  });
});

describe('deliveries run concurrently across syndics', () => {
  it("a slow endpoint holds at most 2 of its own syndic's deliveries and never delays another syndic's", async () => {
    const outbound: OutboundPolicy = { production: false, allowLoopback: true, resolve };
    const slow = await makeSyndicWithKey(t.database.db);
    const fast = await makeSyndicWithKey(t.database.db);
    for (const [s, path] of [
      [slow, 'slow'],
      [fast, 'fast'],
    ] as const) {
      expect((await register(s.headers, 'https://hooks.example.com/x')).statusCode).toBe(200);
      await t.database.db
        .update(syndicWebhookEndpoints)
        .set({ url: `http://127.0.0.1:${port}/${path}` })
        .where(eq(syndicWebhookEndpoints.syndic_id, s.syndic.id));
    }
    for (let i = 0; i < 3; i++) await queueSyndicEvent(t.database.db, slow.syndic.id, 'ballot.cast', { i });
    // The fast syndic's event comes after the slow one's, so it is not first in any queue.
    await new Promise((r) => setTimeout(r, 20));
    await queueSyndicEvent(t.database.db, fast.syndic.id, 'ballot.cast', { i: 0 });
    const status = async (syndicId: string) =>
      (
        await t.database.db
          .select({ status: syndicWebhookDeliveries.status })
          .from(syndicWebhookDeliveries)
          .where(eq(syndicWebhookDeliveries.syndic_id, syndicId))
      ).map((r) => r.status);
    const stop = startWebhookWorker(t.database.db, APP_SECRET, t.app.log, { outbound, intervalMs: 20 });
    try {
      const until = async (ok: () => Promise<boolean>) => {
        for (let i = 0; i < 250 && !(await ok()); i++) await new Promise((r) => setTimeout(r, 20));
        expect(await ok()).toBe(true);
      };
      await until(async () => (await status(fast.syndic.id)).every((s) => s === 'delivered'));
      // Meanwhile the slow endpoint holds two requests, unanswered; the third waits its turn.
      await until(async () => held.length === 2);
      await new Promise((r) => setTimeout(r, 100));
      expect(held).toHaveLength(2);
      expect((await status(slow.syndic.id)).sort()).toEqual(['pending', 'sending', 'sending']);
      for (const r of held.splice(0)) r.writeHead(200).end();
      await until(async () => held.length === 1);
      held.splice(0)[0].writeHead(200).end();
      await until(async () => (await status(slow.syndic.id)).every((s) => s === 'delivered'));
    } finally {
      stop();
    }
  });
});
