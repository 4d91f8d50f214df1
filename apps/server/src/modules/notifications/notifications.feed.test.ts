import { nextOffset, NOTIFICATIONS_PAGE_SIZE } from '@tantieme/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeCoproprietaire } from '../../test/factories.js';
import { createTestApp, json, type TestApp } from '../../test/harness.js';
import { notificationCalls } from '../../test/notifications.fixture.js';
import { notify } from './notify.js';

/** The co-owner's notifications (SPEC §2.21): pages, filters, counts, read, delete, the guard. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const { db, deps, owner, get, put, del } = notificationCalls(() => t);

describe('GET /coproprietaires/notifications', () => {
  it('pages by 13 with the spec arithmetic, newest first, de-duplicated', async () => {
    const a = await owner();
    for (let i = 0; i < 30; i++) {
      await notify(deps(), { coproprietaireId: a.rec.id }, { title: `N${i}`, body: 'b' });
    }
    const seen: string[] = [];
    let offset: number | null = 0;
    const offsets: number[] = [];
    while (offset !== null) {
      offsets.push(offset);
      const r = json(
        await get(`/api/coproprietaires/notifications?page_size=13&page_index=${offset}`, a.headers),
      );
      expect(r.data.total).toBe(30);
      seen.push(...r.data.data.map((n: { id: string }) => n.id));
      offset = nextOffset(offset, NOTIFICATIONS_PAGE_SIZE, r.data.total);
    }
    expect(offsets).toEqual([0, 13, 26]);
    expect(seen).toHaveLength(30);
    expect(new Set(seen).size).toBe(30);
    const first = json(await get('/api/coproprietaires/notifications', a.headers));
    expect(first.data.data).toHaveLength(13); // default page size 13
    expect(first.data.data[0].title).toBe('N29');
    expect(first.data.data[0].languages.fr).toEqual({ title: 'N29', body: 'b' });
    const past = json(await get('/api/coproprietaires/notifications?page_index=40', a.headers));
    expect(past.data).toEqual({ total: 30, data: [] });
  });

  it('filters unread, by record and by category; counts unread', async () => {
    const a = await owner();
    const second = await makeCoproprietaire(db(), { user_id: a.user.id });
    const r1 = await notify(
      deps(),
      { coproprietaireId: a.rec.id },
      { title: 'A', body: 'a', category: 'ag' },
    );
    await notify(deps(), { coproprietaireId: a.rec.id }, { title: 'B', body: 'b' });
    await notify(deps(), { coproprietaireId: second.id }, { title: 'C', body: 'c' });
    await notify(deps(), { userId: a.user.id }, { title: 'D', body: 'd' });
    expect((await put(`/api/coproprietaires/notifications/${r1.ids[0]}/read`, a.headers)).statusCode).toBe(
      200,
    );

    const all = json(await get('/api/coproprietaires/notifications', a.headers));
    expect(all.data.total).toBe(4);
    const unread = json(await get('/api/coproprietaires/notifications?un_read_only=1', a.headers));
    expect(unread.data.total).toBe(3);
    const rec = json(
      await get(`/api/coproprietaires/notifications?coproprietaire_id=${a.rec.id}`, a.headers),
    );
    expect(rec.data.data.map((n: { title: string }) => n.title)).toEqual(['B', 'A']);
    const cat = json(await get('/api/coproprietaires/notifications?category=ag', a.headers));
    expect(cat.data.data.map((n: { title: string }) => n.title)).toEqual(['A']);
    const count = json(await get('/api/coproprietaires/notifications/unread-count', a.headers));
    expect(count.data).toEqual([{ category: 'all', totalUnread: 3 }]);
    const countRec = json(
      await get(`/api/coproprietaires/notifications/unread-count?coproprietaire_id=${second.id}`, a.headers),
    );
    expect(countRec.data).toEqual([{ category: 'all', totalUnread: 1 }]);
    // The home cards' badges count per record.
    const cards = json(await get('/api/coproprietaires/all', a.headers));
    const card = cards.data.find((c: { id: string }) => c.id === a.rec.id);
    expect(card.total_notification).toBe(1);
  });

  it('reads, reads all (per record or everything), deletes, and emits each action', async () => {
    const a = await owner();
    const second = await makeCoproprietaire(db(), { user_id: a.user.id });
    const one = await notify(deps(), { coproprietaireId: a.rec.id }, { title: 'A', body: 'a' });
    await notify(deps(), { coproprietaireId: a.rec.id }, { title: 'B', body: 'b' });
    await notify(deps(), { coproprietaireId: second.id }, { title: 'C', body: 'c' });
    const id = one.ids[0];
    t.realtime.sent.length = 0;

    const detail = json(await get(`/api/coproprietaires/notifications/${id}`, a.headers));
    expect(detail.data).toMatchObject({ id, title: 'A', is_read: false, coproprietaire_id: a.rec.id });
    const read = json(await put(`/api/coproprietaires/notifications/${id}/read`, a.headers));
    expect(read.data.is_read).toBe(true);
    expect(t.realtime.sent.at(-1)?.payload).toMatchObject({
      notification_action: 'read',
      notification_id: id,
    });

    const ra = json(
      await put('/api/coproprietaires/notifications/read-all', a.headers, { coproprietaire_id: a.rec.id }),
    );
    expect(ra.data.updated).toBe(1);
    expect(t.realtime.sent.at(-1)?.payload).toMatchObject({
      notification_action: 'read_all',
      coproprietaire_id: a.rec.id,
      total_notification: 0,
    });
    const left = json(await get('/api/coproprietaires/notifications/unread-count', a.headers));
    expect(left.data[0].totalUnread).toBe(1);
    const all = json(await put('/api/coproprietaires/notifications/read-all', a.headers));
    expect(all.data.updated).toBe(1);

    const d = json(await del(`/api/coproprietaires/notifications/${id}`, a.headers));
    expect(d.data.deleted).toBe(true);
    expect(t.realtime.sent.at(-1)?.payload).toMatchObject({
      notification_action: 'delete',
      notification_id: id,
    });
    expect((await get(`/api/coproprietaires/notifications/${id}`, a.headers)).statusCode).toBe(404);
  });

  it("answers 404 for another user's notification or record, 401 without a session", async () => {
    const a = await owner();
    const b = await owner();
    const n = await notify(deps(), { coproprietaireId: a.rec.id }, { title: 'A', body: 'a' });
    const id = n.ids[0];
    expect((await get(`/api/coproprietaires/notifications/${id}`, b.headers)).statusCode).toBe(404);
    expect((await put(`/api/coproprietaires/notifications/${id}/read`, b.headers)).statusCode).toBe(404);
    expect((await del(`/api/coproprietaires/notifications/${id}`, b.headers)).statusCode).toBe(404);
    expect(
      (await get(`/api/coproprietaires/notifications?coproprietaire_id=${a.rec.id}`, b.headers)).statusCode,
    ).toBe(404);
    expect(
      (await put('/api/coproprietaires/notifications/read-all', b.headers, { coproprietaire_id: a.rec.id }))
        .statusCode,
    ).toBe(404);
    expect((await get(`/api/coproprietaires/${a.rec.id}/get-messages`, b.headers)).statusCode).toBe(404);
    expect((await put(`/api/coproprietaires/${a.rec.id}/messages/read-all`, b.headers)).statusCode).toBe(404);
    expect((await get(`/api/coproprietaires/${a.rec.id}/messages/unread-count`, b.headers)).statusCode).toBe(
      404,
    );
    expect((await get('/api/coproprietaires/notifications', {})).statusCode).toBe(401);
    // Still unread for its owner.
    expect(json(await get(`/api/coproprietaires/notifications/${id}`, a.headers)).data.is_read).toBe(false);
    expect((await get('/api/coproprietaires/notifications?page_size=500', a.headers)).statusCode).toBe(400);
    expect((await get('/api/coproprietaires/notifications/not-a-uuid', a.headers)).statusCode).toBe(400);
  });
});
