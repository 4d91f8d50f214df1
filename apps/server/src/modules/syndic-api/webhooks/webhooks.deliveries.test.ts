import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { syndicWebhookDeliveries, syndicWebhookEndpoints } from '../../../db/schema/index.js';
import { makeSyndicWithKey } from '../../../test/factories.syndic.js';
import { createTestApp, json, type TestApp } from '../../../test/harness.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** Every page of an endpoint's delivery log followed through `next_cursor`, at one size. */
async function follow(headers: Record<string, string>, path: string, limit: number) {
  const ids: string[] = [];
  let cursor: string | null = null;
  for (let guard = 0; guard < 100; guard++) {
    const sep = path.includes('?') ? '&' : '?';
    const url = `/api/syndic/v1${path}${sep}limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
    const res = await t.app.inject({ url, headers });
    expect(res.statusCode, url).toBe(200);
    const data = json(res).data as { items: { id: string }[]; next_cursor: string | null };
    ids.push(...data.items.map((i) => i.id));
    cursor = data.next_cursor;
    if (!cursor) return ids;
  }
  throw new Error('the cursor never ended');
}

describe('webhook deliveries, by delta', () => {
  it('updated_since lists what was created or changed since; pages of any size add up to it once each', async () => {
    const { syndic, headers } = await makeSyndicWithKey(t.database.db, ['webhooks']);
    const [endpoint] = await t.database.db
      .insert(syndicWebhookEndpoints)
      .values({
        syndic_id: syndic.id,
        url: 'https://erp.lefevre-immobilier.fr/hooks',
        events: ['*'],
        secret_encrypted: 'unused-in-this-test',
      })
      .returning();
    const rows = await t.database.db
      .insert(syndicWebhookDeliveries)
      .values(
        Array.from({ length: 9 }, (_, i) => ({
          endpoint_id: endpoint.id,
          syndic_id: syndic.id,
          event_id: `evt_${i + 1}`,
          event_type: 'payment.succeeded',
          body: '{}',
        })),
      )
      .returning();
    const ids = rows.map((r) => r.id);
    // Created the 20th; four of them changed the 22nd at one instant (ties broken by the id),
    // two the 23rd: the delta since the 21st holds those six.
    await t.database.db
      .update(syndicWebhookDeliveries)
      .set({ created_at: sql`'2026-11-20T08:00:00.123456Z'::timestamptz` })
      .where(inArray(syndicWebhookDeliveries.id, ids));
    await t.database.db.execute(
      sql`update syndic_webhook_deliveries set status = 'delivered' where id = any(${sql.param(ids)}::uuid[])`,
    );
    const at = async (when: string, some: string[]) => {
      await t.database.db.execute(
        sql`alter table syndic_webhook_deliveries disable trigger syndic_webhook_deliveries_touch`,
      );
      await t.database.db
        .update(syndicWebhookDeliveries)
        .set({ updated_at: sql`${when}::timestamptz` })
        .where(inArray(syndicWebhookDeliveries.id, some));
      await t.database.db.execute(
        sql`alter table syndic_webhook_deliveries enable trigger syndic_webhook_deliveries_touch`,
      );
    };
    await at('2026-11-20T08:00:00.123456Z', ids);
    await at('2026-11-22T09:30:00.654321Z', ids.slice(0, 4));
    await at('2026-11-23T17:45:00.000001Z', ids.slice(4, 6));

    const log = `/webhooks/${endpoint.id}/deliveries`;
    const whole = await follow(headers, log, 200);
    expect([...whole].sort()).toEqual([...ids].sort());
    for (const limit of [1, 2, 4, 7]) expect(await follow(headers, log, limit)).toEqual(whole);

    const delta = `${log}?updated_since=${encodeURIComponent('2026-11-21T00:00:00Z')}`;
    const changed = await follow(headers, delta, 200);
    // Oldest change first, the tie by id.
    expect(changed).toEqual([...[...ids.slice(0, 4)].sort(), ...[...ids.slice(4, 6)].sort()]);
    for (const limit of [1, 2, 3, 5]) expect(await follow(headers, delta, limit)).toEqual(changed);

    // A redelivery is a change: the delta taken after it holds that delivery alone.
    const since = new Date(Date.now() - 1000).toISOString();
    const redo = await t.app.inject({
      method: 'POST',
      url: `/api/syndic/v1/webhook-deliveries/${ids[8]}/redeliver`,
      headers,
    });
    expect(redo.statusCode).toBe(200);
    const [row] = await t.database.db
      .select()
      .from(syndicWebhookDeliveries)
      .where(eq(syndicWebhookDeliveries.id, ids[8]));
    expect(json(redo).data.updated_at).toBe(row.updated_at.toISOString());
    expect(await follow(headers, `${log}?updated_since=${encodeURIComponent(since)}`, 1)).toEqual([ids[8]]);

    const bad = await t.app.inject({
      url: `/api/syndic/v1${log}?updated_since=hier`,
      headers,
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(json(bad).errors)).toEqual(['updated_since']);
  });
});
