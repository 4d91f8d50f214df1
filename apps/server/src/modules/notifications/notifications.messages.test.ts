import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { devices } from '../../db/schema/index.js';
import { createTestApp, json, type TestApp } from '../../test/harness.js';
import { notificationCalls, SUB } from '../../test/notifications.fixture.js';
import { sendMessage } from './notify.js';

/** A record's messages from the syndic (SPEC §2.22) and the browsers' device tokens (SPEC §3). */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const { db, deps, owner, get, put, del } = notificationCalls(() => t);

describe('messages of a record', () => {
  it('lists 15 then 13, filters unread, reads one and all, counts', async () => {
    const a = await owner();
    for (let i = 0; i < 20; i++)
      await sendMessage(deps(), { coproprietaireId: a.rec.id }, { title: `M${i}`, body: 'b' });
    const base = `/api/coproprietaires/${a.rec.id}`;
    const first = json(await get(`${base}/get-messages`, a.headers));
    expect(first.data.total).toBe(20);
    expect(first.data.data).toHaveLength(15);
    const next = json(await get(`${base}/get-messages?page_size=13&page_index=15`, a.headers));
    expect(next.data.data).toHaveLength(5);
    const id = first.data.data[0].id;
    t.realtime.sent.length = 0;
    const read = json(await put(`${base}/messages/${id}/read`, a.headers));
    expect(read.data.is_read).toBe(true);
    expect(t.realtime.sent.at(-1)).toMatchObject({
      event: 'message',
      payload: { message_action: 'read', message_id: id, total_message: 19 },
    });
    expect(json(await get(`${base}/messages/unread-count`, a.headers)).data).toEqual([
      { category: 'all', totalUnread: 19 },
    ]);
    const unread = json(await get(`${base}/get-messages?un_read_only=1&page_size=13`, a.headers));
    expect(unread.data.total).toBe(19);
    expect(unread.data.data).toHaveLength(13);
    expect(json(await put(`${base}/messages/read-all`, a.headers)).data.updated).toBe(19);
    expect(t.realtime.sent.at(-1)?.payload).toMatchObject({ message_action: 'read_all', total_message: 0 });
    expect(json(await get(`${base}/get-messages?un_read_only=1`, a.headers)).data).toEqual({
      total: 0,
      data: [],
    });
  });
});

describe('device tokens', () => {
  it('registers (idempotently) with the §3 body and deletes on logout', async () => {
    const a = await owner();
    const body = {
      device_token: SUB(7),
      device_name: 'Chrome sur Linux',
      device_type: 'WEB',
      device_language: 'fr',
      device_info: { name: 'Chrome', user_agent: 'Mozilla/5.0' },
      device_gmt: 1,
      status: 1,
    };
    const post = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/coproprietaires/notifications/device-tokens',
        headers: a.headers,
        payload: body,
      });
    expect((await post()).statusCode).toBe(200);
    expect((await post()).statusCode).toBe(200);
    const rows = await db().select().from(devices).where(eq(devices.user_id, a.user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ device_type: 'WEB', device_language: 'fr', device_gmt: 1, status: 1 });
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/coproprietaires/notifications/device-tokens',
      headers: a.headers,
      payload: { ...body, device_token: 'not a subscription' },
    });
    expect(bad.statusCode).toBe(400);
    expect(json(bad).errors.device_token).toBeDefined();
    // Another user cannot delete it.
    const b = await owner();
    const url = `/api/coproprietaires/notifications/device-tokens/${encodeURIComponent(SUB(7))}`;
    expect(json(await del(url, b.headers)).data.deleted).toBe(false);
    expect(json(await del(url, a.headers)).data.deleted).toBe(true);
    expect(await db().select().from(devices).where(eq(devices.user_id, a.user.id))).toEqual([]);
  });
});
