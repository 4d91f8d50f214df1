import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { syndicAuditLog, syndicWebhookDeliveries, syndicWebhookEndpoints } from '../../../db/schema/index.js';
import { makeSyndicWithKey } from '../../../test/factories.syndic.js';
import { createTestApp, json, type TestApp } from '../../../test/harness.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** Follows next_cursor from the first page to the last; every id given, in order. */
async function walk(url: string, headers: Record<string, string>, limit: number) {
  const ids: string[] = [];
  let cursor: string | null = null;
  for (let pages = 0; pages < 1000; pages++) {
    const q = new URLSearchParams({ limit: String(limit), ...(cursor ? { cursor } : {}) });
    const res = await t.app.inject({ url: `/api/syndic/v1${url}?${q}`, headers });
    expect(res.statusCode, res.body).toBe(200);
    const page = json(res).data as { items: { id: string }[]; next_cursor: string | null };
    expect(page.items.length).toBeLessThanOrEqual(limit);
    ids.push(...page.items.map((i) => i.id));
    cursor = page.next_cursor;
    if (!cursor) return ids;
  }
  throw new Error('no last page');
}

// Rows written by one statement share now() to the microsecond; the others differ by a few
// microseconds inside one millisecond, which a millisecond cursor could not tell apart.
const SAME_MS = [
  '2026-11-27 10:00:00.123001+00',
  '2026-11-27 10:00:00.123002+00',
  '2026-11-27 10:00:00.123999+00',
];
const sameMs = (i: number) => sql`${SAME_MS[i % 3]}::timestamptz`;

describe('cursor pages: complete and exact whatever the page size', () => {
  it('GET /audit-log: concatenated pages of 1, 2, 7 and 200 equal the whole log, in order, no repeat', async () => {
    const { syndic, headers, keyId } = await makeSyndicWithKey(t.database.db);
    const entry = (i: number) => ({
      syndic_id: syndic.id,
      api_key_id: keyId,
      actor: 'Clé',
      action: 'created',
      resource: 'lot',
      external_id: `L${i}`,
      changes: {},
    });
    await t.database.db.insert(syndicAuditLog).values(Array.from({ length: 40 }, (_, i) => entry(i)));
    await t.database.db
      .insert(syndicAuditLog)
      .values(Array.from({ length: 21 }, (_, i) => ({ ...entry(100 + i), at: sameMs(i) })));
    const all = await t.database.db.execute<{ id: string }>(
      `select id from syndic_audit_log where syndic_id = '${syndic.id}' order by at desc, id desc`,
    );
    const expected = all.rows.map((r) => r.id);
    expect(expected).toHaveLength(61);
    for (const limit of [1, 2, 7, 200]) {
      const ids = await walk('/audit-log', headers, limit);
      expect(new Set(ids).size).toBe(ids.length);
      expect(ids).toEqual(expected);
    }
  });

  it('GET /webhooks/{id}/deliveries: the same for deliveries sharing a millisecond', async () => {
    const { syndic, headers } = await makeSyndicWithKey(t.database.db);
    const [endpoint] = await t.database.db
      .insert(syndicWebhookEndpoints)
      .values({
        syndic_id: syndic.id,
        url: 'https://erp.example.com/hooks',
        events: ['*'],
        secret_encrypted: 'x',
      })
      .returning();
    const delivery = (i: number) => ({
      endpoint_id: endpoint.id,
      syndic_id: syndic.id,
      event_id: `evt_${i}`,
      event_type: 'payment.succeeded',
      body: '{}',
    });
    await t.database.db
      .insert(syndicWebhookDeliveries)
      .values(Array.from({ length: 30 }, (_, i) => delivery(i)));
    await t.database.db
      .insert(syndicWebhookDeliveries)
      .values(Array.from({ length: 15 }, (_, i) => ({ ...delivery(100 + i), created_at: sameMs(i) })));
    const all = await t.database.db.execute<{ id: string }>(
      `select id from syndic_webhook_deliveries where endpoint_id = '${endpoint.id}' order by created_at desc, id desc`,
    );
    const expected = all.rows.map((r) => r.id);
    expect(expected).toHaveLength(45);
    for (const limit of [1, 2, 7, 200]) {
      const ids = await walk(`/webhooks/${endpoint.id}/deliveries`, headers, limit);
      expect(new Set(ids).size).toBe(ids.length);
      expect(ids).toEqual(expected);
    }
  });
});
