import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { syndicWebhookDeliveries, syndicWebhookEndpoints } from '../../../db/schema/index.js';
import { makeSignedInUser } from '../../../test/factories.js';
import { makeSyndicWithKey, putCoOwner } from '../../../test/factories.syndic.js';
import { createTestApp, json, type TestApp } from '../../../test/harness.js';
import { verifyWebhook } from './webhooks.crypto.js';
import { backoffMs, deliverDueWebhooks as deliverWith } from './webhooks.delivery.js';

/** A real local HTTP receiver that records what it gets and answers the status we choose. */
let receiver: Server;
let received: { headers: IncomingMessage['headers']; body: string }[] = [];
let answer = 200;
let t: TestApp;
let url: string;
beforeAll(async () => {
  receiver = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      received.push({ headers: req.headers, body });
      res.writeHead(answer).end();
    });
  });
  await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
  url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks/tantieme`;
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
  await new Promise((r) => receiver.close(r));
});

const APP_SECRET = 'test-secret-not-for-production';
/** The test app's policy: the local receiver on 127.0.0.1 is allowed (OUTBOUND_ALLOW_LOOPBACK). */
const deliverDueWebhooks = (db: TestApp['database']['db'], secret: string, opts: { now: () => number }) =>
  deliverWith(db, secret, { ...opts, outbound: t.app.platform.outbound });

describe('outgoing webhooks', () => {
  it('signs each event (HMAC-SHA256 with timestamp), retries with backoff, logs, and redelivers on demand', async () => {
    const { headers, syndic } = await makeSyndicWithKey(t.database.db);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/syndic/v1/webhooks',
      headers,
      payload: { url, events: ['invitation.accepted'] },
    });
    expect(created.statusCode).toBe(200);
    const { id: endpointId, secret } = json(created).data;
    expect(secret).toMatch(/^whsec_/);
    const [stored] = await t.database.db
      .select()
      .from(syndicWebhookEndpoints)
      .where(eq(syndicWebhookEndpoints.id, endpointId));
    expect(stored.secret_encrypted).not.toContain(secret);
    expect(
      JSON.stringify(json(await t.app.inject({ method: 'GET', url: '/api/syndic/v1/webhooks', headers }))),
    ).not.toContain(secret);

    // A co-owner accepts the invitation the syndic sent: one event per endpoint, in the outbox.
    await putCoOwner(t, headers);
    await t.app.inject({
      method: 'POST',
      url: '/api/syndic/v1/coproprietaires/W-C1/invitations',
      headers,
      payload: { channel: 'email' },
    });
    const code = (
      await t.database.db.query.invitations.findFirst({ orderBy: (i, { desc }) => desc(i.created_at) })
    )?.code;
    const user = await makeSignedInUser(t.database.db);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: `/api/extranets/attach-coproprietaire/${code}`,
          headers: user.headers,
        })
      ).statusCode,
    ).toBe(200);

    // The receiver fails first: the attempt is logged and retried after the backoff.
    answer = 503;
    received = [];
    // A second ahead: the row's next_attempt_at is the database's now() in microseconds, and
    // Date.now() truncates to the millisecond, so within the same millisecond it is not yet due.
    let now = Date.now() + 1000;
    expect(await deliverDueWebhooks(t.database.db, APP_SECRET, { now: () => now })).toBe(1);
    let [d] = await t.database.db
      .select()
      .from(syndicWebhookDeliveries)
      .where(eq(syndicWebhookDeliveries.syndic_id, syndic.id));
    expect(d).toMatchObject({
      status: 'pending',
      attempts: 1,
      last_status_code: 503,
      last_error: 'HTTP 503',
    });
    expect(d.next_attempt_at.getTime()).toBe(now + backoffMs(1));
    expect(await deliverDueWebhooks(t.database.db, APP_SECRET, { now: () => now + 1000 })).toBe(0);
    answer = 200;
    now += backoffMs(1);
    expect(await deliverDueWebhooks(t.database.db, APP_SECRET, { now: () => now })).toBe(1);
    [d] = await t.database.db
      .select()
      .from(syndicWebhookDeliveries)
      .where(eq(syndicWebhookDeliveries.id, d.id));
    expect(d).toMatchObject({ status: 'delivered', attempts: 2, last_status_code: 200 });
    expect(backoffMs(2)).toBe(2 * backoffMs(1));

    // What the receiver got is signed over the raw body, and only valid for 5 minutes.
    expect(received).toHaveLength(2);
    const last = received[1];
    const sig = String(last.headers['tantieme-signature']);
    expect(verifyWebhook(secret, sig, last.body, now)).toBe(true);
    expect(verifyWebhook(secret, sig, last.body, now + 301_000)).toBe(false);
    expect(verifyWebhook(secret, sig, `${last.body} `, now)).toBe(false);
    expect(verifyWebhook('whsec_other', sig, last.body, now)).toBe(false);
    const event = JSON.parse(last.body);
    expect(event).toMatchObject({
      type: 'invitation.accepted',
      data: { coproprietaire: { external_id: 'W-C1' } },
    });
    expect(event.id).toMatch(/^evt_/);

    // Delivery log and manual redelivery (same event id, fresh signature).
    const log = json(
      await t.app.inject({ method: 'GET', url: `/api/syndic/v1/webhooks/${endpointId}/deliveries`, headers }),
    ).data;
    expect(log.items).toHaveLength(1);
    const re = await t.app.inject({
      method: 'POST',
      url: `/api/syndic/v1/webhook-deliveries/${d.id}/redeliver`,
      headers,
    });
    expect(json(re).data.status).toBe('pending');
    await deliverDueWebhooks(t.database.db, APP_SECRET, { now: () => now + 60_000 });
    expect(received).toHaveLength(3);
    expect(JSON.parse(received[2].body).id).toBe(event.id);
    expect(received[2].headers['tantieme-signature']).not.toBe(sig);
  });

  it('gives up after the last attempt, refuses another syndic and a non-webhooks key', async () => {
    const { headers, syndic } = await makeSyndicWithKey(t.database.db);
    const other = await makeSyndicWithKey(t.database.db);
    const ro = await makeSyndicWithKey(t.database.db, ['read', 'write'], syndic);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/syndic/v1/webhooks', headers: ro.headers })).statusCode,
    ).toBe(403);
    const { id } = json(
      await t.app.inject({ method: 'POST', url: '/api/syndic/v1/webhooks', headers, payload: { url } }),
    ).data;
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/syndic/v1/webhooks/${id}/deliveries`,
          headers: other.headers,
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/syndic/v1/webhooks/${id}`, headers: other.headers }))
        .statusCode,
    ).toBe(404);
    const { queueSyndicEvent } = await import('./webhooks.service.js');
    await queueSyndicEvent(t.database.db, syndic.id, 'ballot.cast', { resolution: 'R1' });
    answer = 500;
    let now = Date.now() + 1000; // see above: due for sure, whatever the clocks' precision
    for (let i = 1; i <= 8; i++) {
      await deliverDueWebhooks(t.database.db, APP_SECRET, { now: () => now });
      now += backoffMs(i);
    }
    const [d] = await t.database.db
      .select()
      .from(syndicWebhookDeliveries)
      .where(eq(syndicWebhookDeliveries.syndic_id, syndic.id));
    expect(d).toMatchObject({ status: 'failed', attempts: 8 });
    answer = 200;
  });
});
