import { nextOffset, NOTIFICATIONS_PAGE_SIZE } from '@tantieme/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coproprietaireSettings, coproprietaires, devices, files, outbox } from '../../db/schema/index.js';
import { makeCoproprietaire, makeCopropriete, makeSignedInUser } from '../../test/factories.js';
import { createTestApp, json, type TestApp } from '../../test/harness.js';
import { notify, sendMessage } from './notify.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const db = () => t.database.db;
const deps = () => t.app;

async function owner() {
  const s = await makeSignedInUser(db());
  const copro = await makeCopropriete(db());
  const rec = await makeCoproprietaire(db(), { user_id: s.user.id, copropriete_id: copro.id });
  return { ...s, copro, rec };
}

const get = (url: string, headers: Record<string, string>) => t.app.inject({ method: 'GET', url, headers });
const put = (url: string, headers: Record<string, string>, payload?: Record<string, unknown>) =>
  payload === undefined
    ? t.app.inject({ method: 'PUT', url, headers })
    : t.app.inject({ method: 'PUT', url, headers, payload });
const del = (url: string, headers: Record<string, string>) =>
  t.app.inject({ method: 'DELETE', url, headers });

const SUB = (n: number) =>
  JSON.stringify({
    endpoint: `https://push.example.test/send/${n}`,
    keys: { p256dh: `p${n}`, auth: `a${n}` },
  });

describe('notify (the service every domain calls)', () => {
  it('writes one row per record of a copropriété, their outbox entries, and emits after commit', async () => {
    const a = await owner();
    const other = await makeSignedInUser(db());
    const b = await makeCoproprietaire(db(), { user_id: other.user.id, copropriete_id: a.copro.id });
    const unattached = await makeCoproprietaire(db(), { copropriete_id: a.copro.id });
    await db()
      .insert(devices)
      .values([
        { user_id: a.user.id, device_token: SUB(1) },
        { user_id: a.user.id, device_token: SUB(2) },
      ]);
    // b said no to notifications by e-mail.
    await db()
      .insert(coproprietaireSettings)
      .values({ coproprietaire_id: b.id, key: 'allow-receive-notifications', value: '0' });
    t.realtime.sent.length = 0;

    const res = await notify(
      deps(),
      { coproprieteId: a.copro.id },
      {
        title: 'Coupure d’eau',
        body: 'Jeudi de 9 h à 12 h.',
        type: 'INFO',
        url: '/{id}/home',
      },
    );
    expect(res.ids).toHaveLength(3);
    expect(new Set(res.recipients.map((r) => r.coproprietaire_id))).toEqual(
      new Set([a.rec.id, b.id, unattached.id]),
    );

    const rows = await db().select().from(outbox);
    const mine = rows.filter((r) => res.ids.includes(r.ref_id ?? ''));
    const aId = res.recipients.find((r) => r.coproprietaire_id === a.rec.id)!.id;
    const bId = res.recipients.find((r) => r.coproprietaire_id === b.id)!.id;
    // a: two devices + e-mail; b: no device, e-mail off; unattached: nobody to reach.
    expect(
      mine
        .filter((r) => r.ref_id === aId)
        .map((r) => r.channel)
        .sort(),
    ).toEqual(['email', 'push', 'push']);
    expect(mine.filter((r) => r.ref_id === bId)).toEqual([]);
    const push = JSON.parse(mine.find((r) => r.channel === 'push')!.body);
    expect(push).toMatchObject({
      title: 'Coupure d’eau',
      url: `/${a.rec.id}/home`,
      kind: 'notification',
      id: aId,
    });

    const events = t.realtime.sent.filter((s) => s.event === 'notification');
    expect(events).toContainEqual(
      expect.objectContaining({
        room: `user:${a.user.id}`,
        payload: expect.objectContaining({
          notification_action: 'new',
          notification_id: aId,
          coproprietaire_id: a.rec.id,
          total_notification: 1,
        }),
      }),
    );
    expect(events.some((e) => e.room === `coproprietaire:${unattached.id}`)).toBe(true);

    // The event's total is the record's unread count with the new row (computed by the INSERT):
    // a second send to a and b counts 2, a user-level notification counts the user's own.
    t.realtime.sent.length = 0;
    const second = await notify(
      deps(),
      { coproprietaireIds: [a.rec.id, b.id] },
      { title: 'Ascenseur', body: 'OK' },
    );
    const totals = t.realtime.sent
      .filter((s) => s.event === 'notification' && s.room.startsWith('coproprietaire:'))
      .map((s) => [s.room, (s.payload as { total_notification: number }).total_notification] as const);
    expect(new Map(totals)).toEqual(
      new Map([
        [`coproprietaire:${a.rec.id}`, 2],
        [`coproprietaire:${b.id}`, 2],
      ]),
    );
    expect(second.ids).toHaveLength(2);
    t.realtime.sent.length = 0;
    await notify(deps(), { userId: a.user.id }, { title: 'Compte', body: 'Mot de passe changé.' });
    await notify(deps(), { userId: a.user.id }, { title: 'Compte', body: 'Téléphone changé.' });
    expect(
      t.realtime.sent
        .filter((s) => s.room === `user:${a.user.id}`)
        .map((s) => (s.payload as { total_notification: number }).total_notification),
    ).toEqual([1, 2]);
    // Devices are read with the audience: a's two devices each got a push of the user-level one too.
    const userLevel = await db().select().from(outbox).where(eq(outbox.channel, 'push'));
    expect(userLevel.filter((r) => JSON.parse(r.body).title === 'Compte')).toHaveLength(4);

    // The unattached record's notification waits for whoever attaches it.
    const later = await makeSignedInUser(db());
    await db()
      .update(coproprietaires)
      .set({ user_id: later.user.id })
      .where(eq(coproprietaires.id, unattached.id));
    const list = json(await get('/api/coproprietaires/notifications', later.headers));
    expect(list.data.total).toBe(1);
  });

  it('writes nothing when the transaction fails (no row, no outbox, no event)', async () => {
    const a = await owner();
    t.realtime.sent.length = 0;
    await expect(
      notify(
        deps(),
        { coproprietaireId: a.rec.id },
        { title: 'x'.repeat(10), body: null as unknown as string },
      ),
    ).rejects.toThrow();
    const list = json(await get('/api/coproprietaires/notifications', a.headers));
    expect(list.data.total).toBe(0);
    expect(t.realtime.sent).toEqual([]);
  });

  it('sends messages with attachments to a list of records', async () => {
    const a = await owner();
    const b = await owner();
    const stranger = await owner();
    const [file] = await db()
      .insert(files)
      .values({
        storage_key: `test/${a.rec.id}/pv.pdf`,
        name: 'PV AG 2025.pdf',
        content_type: 'application/pdf',
        size: 1234,
      })
      .returning();
    await t.app.platform.storage.put(file.storage_key, Buffer.from('%PDF-1.4'), 'application/pdf');
    const res = await sendMessage(
      deps(),
      { coproprietaireIds: [a.rec.id, b.rec.id] },
      {
        title: 'Procès-verbal',
        body: 'Veuillez trouver ci-joint le procès-verbal.',
        attachments: [{ id: file.id, name: file.name, content_type: file.content_type, size: file.size }],
      },
    );
    expect(res.ids).toHaveLength(2);
    const page = json(await get(`/api/coproprietaires/${a.rec.id}/get-messages`, a.headers));
    expect(page.data.total).toBe(1);
    const msg = json(
      await get(`/api/coproprietaires/${a.rec.id}/get-message/${page.data.data[0].id}`, a.headers),
    );
    expect(msg.data.attachments[0]).toMatchObject({ name: 'PV AG 2025.pdf', capacity: 1234 });
    expect(msg.data.attachments[0].path_url).toMatch(/^\/files\/test\//);
    const none = json(await get(`/api/coproprietaires/${stranger.rec.id}/get-messages`, stranger.headers));
    expect(none.data.total).toBe(0);
  });
});

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
