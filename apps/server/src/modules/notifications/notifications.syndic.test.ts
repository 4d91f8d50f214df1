import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  devices,
  messages,
  notifications,
  outbox,
  syndicAuditLog,
  syndicExternalRefs,
} from '../../db/schema/index.js';
import { deliverPending } from '../../outbox/worker.js';
import type { PushAdapter } from '../../platform/push.js';
import { makeCoproprietaire, makeCopropriete, makeSignedInUser } from '../../test/factories.js';
import { makeSyndicWithKey } from '../../test/factories.syndic.js';
import { createTestApp, json, type TestApp } from '../../test/harness.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
const db = () => t.database.db;

/** A syndic with a copropriété of `n` records (external ids owner-1…), the first one attached. */
async function world(n = 3) {
  const k = await makeSyndicWithKey(db());
  const copro = await makeCopropriete(db(), { syndic_id: k.syndic.id });
  const user = await makeSignedInUser(db());
  const recs = [];
  for (let i = 0; i < n; i++) {
    const rec = await makeCoproprietaire(db(), {
      copropriete_id: copro.id,
      ...(i === 0 ? { user_id: user.user.id } : {}),
    });
    recs.push(rec);
  }
  const tag = k.syndic.id.slice(0, 8);
  await db()
    .insert(syndicExternalRefs)
    .values([
      { syndic_id: k.syndic.id, resource: 'copropriete', external_id: `copro-${tag}`, internal_id: copro.id },
      ...recs.map((r, i) => ({
        syndic_id: k.syndic.id,
        resource: 'coproprietaire',
        external_id: `owner-${i + 1}`,
        internal_id: r.id,
      })),
    ]);
  return { ...k, copro, user, recs, coproExt: `copro-${tag}` };
}

const put = (headers: Record<string, string>, path: string, payload: unknown) =>
  t.app.inject({ method: 'PUT', url: `/api/syndic/v1/${path}`, headers, payload: payload as object });
const get = (headers: Record<string, string>, path: string) =>
  t.app.inject({ method: 'GET', url: `/api/syndic/v1/${path}`, headers });

describe('syndic API: notifications and messages', () => {
  it('sends to one, to a list and to a copropriété; a replay changes nothing', async () => {
    const w = await world(3);
    const one = await put(w.headers, 'notifications/n-1', {
      title: 'Ascenseur',
      body: 'En panne.',
      to: { coproprietaire: 'owner-1' },
    });
    expect(one.statusCode).toBe(200);
    expect(json(one).data).toMatchObject({
      result: 'created',
      delivery: { totals: { recipients: 1, stored: 1, read: 0 } },
    });
    expect(json(one).data.delivery.recipients[0].coproprietaire).toBe('owner-1');

    const again = await put(w.headers, 'notifications/n-1', {
      title: 'Ascenseur',
      body: 'En panne.',
      to: { coproprietaire: 'owner-1' },
    });
    expect(json(again).data.result).toBe('unchanged');
    expect(
      await db().select().from(notifications).where(eq(notifications.coproprietaire_id, w.recs[0].id)),
    ).toHaveLength(1);
    const other = await put(w.headers, 'notifications/n-1', {
      title: 'Autre',
      body: 'x',
      to: { coproprietaire: 'owner-1' },
    });
    expect(other.statusCode).toBe(409);
    // The send is in the audit log once (written by the send's one statement, not by the replay).
    const audit = await db()
      .select()
      .from(syndicAuditLog)
      .where(and(eq(syndicAuditLog.syndic_id, w.syndic.id), eq(syndicAuditLog.external_id, 'n-1')));
    expect(audit).toMatchObject([
      { action: 'sent', resource: 'notification', changes: { recipients: { after: 1 } } },
    ]);

    const list = await put(w.headers, 'notifications/n-2', {
      title: 'AG',
      body: 'Convocation.',
      to: { coproprietaires: ['owner-2', 'owner-3'] },
    });
    expect(json(list).data.delivery.totals.recipients).toBe(2);
    const all = await put(w.headers, 'notifications/n-3', {
      title: 'Travaux',
      body: 'Ravalement.',
      url: '/{id}/home',
      to: { copropriete: w.coproExt },
    });
    expect(json(all).data.delivery.totals.recipients).toBe(3);
    // The attached co-owner sees it live and in the list.
    const seen = json(
      await t.app.inject({
        method: 'GET',
        url: '/api/coproprietaires/notifications',
        headers: w.user.headers,
      }),
    );
    expect(seen.data.data.map((n: { title: string }) => n.title)).toEqual(['Travaux', 'Ascenseur']);
    // `{id}` is the record the notification belongs to (the push got the same path).
    expect(seen.data.data[0].url).toBe(`/${seen.data.data[0].coproprietaire_id}/home`);
    expect(
      t.realtime.sent.some((s) => s.room === `user:${w.user.user.id}` && s.event === 'notification'),
    ).toBe(true);
  });

  it('reports pushed, e-mailed and read as they happen', async () => {
    const w = await world(1);
    await db()
      .insert(devices)
      .values({
        user_id: w.user.user.id,
        device_token: JSON.stringify({ endpoint: 'https://push.test/x', keys: { p256dh: 'a', auth: 'b' } }),
      });
    await put(w.headers, 'notifications/state-1', {
      title: 'T',
      body: 'B',
      to: { coproprietaire: 'owner-1' },
    });
    const push: PushAdapter = {
      kind: 'web-push',
      publicKey: 'k',
      send: async () => ({ ok: true, status: 201 }),
    };
    const mails: string[] = [];
    while (
      (await deliverPending(
        db(),
        { kind: 'smtp', send: async (m) => void mails.push(m.to), close: async () => {} },
        { kind: 'http', send: async () => {} },
        undefined,
        { push },
      )) > 0
    );
    let state = json(await get(w.headers, 'notifications/state-1')).data;
    expect(state.totals).toMatchObject({ stored: 1, pushed: 1, emailed: 1, read: 0 });
    const id = state.recipients[0].id;
    await t.app.inject({
      method: 'PUT',
      url: `/api/coproprietaires/notifications/${id}/read`,
      headers: w.user.headers,
    });
    state = json(await get(w.headers, 'notifications/state-1')).data;
    expect(state.totals.read).toBe(1);
  });

  it('sends a message with an attachment the co-owner can open', async () => {
    const w = await world(1);
    const res = await put(w.headers, 'messages/m-1', {
      title: 'Procès-verbal',
      body: 'Ci-joint le PV.',
      to: { coproprietaire: 'owner-1' },
      attachments: [
        {
          name: 'pv.pdf',
          content_type: 'application/pdf',
          content_base64: Buffer.from('%PDF-1.4 test').toString('base64'),
        },
      ],
    });
    expect(res.statusCode).toBe(200);
    const [m] = await db().select().from(messages).where(eq(messages.coproprietaire_id, w.recs[0].id));
    const detail = json(
      await t.app.inject({
        method: 'GET',
        url: `/api/coproprietaires/${w.recs[0].id}/get-message/${m.id}`,
        headers: w.user.headers,
      }),
    );
    expect(detail.data.attachments[0]).toMatchObject({
      name: 'pv.pdf',
      content_type: 'application/pdf',
      capacity: 13,
    });
    const file = await t.app.inject({ method: 'GET', url: detail.data.attachments[0].path_url });
    expect(file.body).toBe('%PDF-1.4 test');
    expect(json(await get(w.headers, 'messages/m-1')).data.kind).toBe('message');
  });

  it('answers 400 naming the field and writes nothing; never reaches another syndic', async () => {
    const w = await world(1);
    const stranger = await world(1);
    const before = (await db().select().from(notifications)).length;
    const bad = await put(w.headers, 'notifications/bad-1', {
      title: '',
      body: 'x',
      to: { coproprietaire: 'owner-1' },
    });
    expect(bad.statusCode).toBe(400);
    expect(json(bad).errors.title).toBeDefined();
    const two = await put(w.headers, 'notifications/bad-2', {
      title: 'x',
      body: 'x',
      to: { coproprietaire: 'owner-1', copropriete: w.coproExt },
    });
    expect(two.statusCode).toBe(400);
    const unknown = await put(w.headers, 'notifications/bad-3', {
      title: 'x',
      body: 'x',
      to: { coproprietaires: ['owner-1', 'nobody'] },
    });
    expect(unknown.statusCode).toBe(400);
    expect(json(unknown).errors['to.coproprietaires.1']).toContain('nobody');
    // The other syndic's copropriété is unknown to this key.
    const foreign = await put(w.headers, 'notifications/bad-4', {
      title: 'x',
      body: 'x',
      to: { copropriete: stranger.coproExt },
    });
    expect(foreign.statusCode).toBe(400);
    expect((await db().select().from(notifications)).length).toBe(before);
    expect(await db().select().from(outbox).where(eq(outbox.recipient, 'nobody'))).toEqual([]);
    await put(w.headers, 'notifications/mine', { title: 'x', body: 'x', to: { coproprietaire: 'owner-1' } });
    expect((await get(stranger.headers, 'notifications/mine')).statusCode).toBe(404);
    expect((await get({}, 'notifications/mine')).statusCode).toBe(401);
    const readOnly = await makeSyndicWithKey(db(), ['read'], w.syndic);
    expect(
      (
        await put(readOnly.headers, 'notifications/ro', {
          title: 'x',
          body: 'x',
          to: { coproprietaire: 'owner-1' },
        })
      ).statusCode,
    ).toBe(403);
  });
});
