import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coproprietaireSettings, coproprietaires, devices, files, outbox } from '../../db/schema/index.js';
import { makeCoproprietaire, makeSignedInUser } from '../../test/factories.js';
import { createTestApp, json, type TestApp } from '../../test/harness.js';
import { notificationCalls, SUB } from '../../test/notifications.fixture.js';
import { notify, sendMessage } from './notify.js';

/**
 * notify() and sendMessage(), what every domain calls: the rows, their outbox entries, the events
 * after commit. The co-owner's list: notifications.feed.test.ts; messages and devices:
 * notifications.messages.test.ts.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const { db, deps, owner, get } = notificationCalls(() => t);

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
