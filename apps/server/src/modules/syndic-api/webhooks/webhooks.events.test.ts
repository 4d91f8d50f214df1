import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coproprietaireSettings, syndicWebhookDeliveries } from '../../../db/schema/index.js';
import { makeCopropriete, makeCoproprietaire, makeSignedInUser } from '../../../test/factories.js';
import { makeSyndicWithKey, putCoOwner } from '../../../test/factories.syndic.js';
import { createTestApp, json, type TestApp } from '../../../test/harness.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function owner(coproId: string) {
  const u = await makeSignedInUser(t.database.db);
  const rec = await makeCoproprietaire(t.database.db, { copropriete_id: coproId, user_id: u.user.id });
  return { ...u, rec };
}

describe('webhook events of the co-owners’ messages', () => {
  it('message.created when a co-owner writes to the syndic, not when writing to another co-owner', async () => {
    const { headers, syndic } = await makeSyndicWithKey(t.database.db);
    const hook = await t.app.inject({
      method: 'POST',
      url: '/api/syndic/v1/webhooks',
      headers,
      payload: { url: 'http://127.0.0.1:9/hooks', events: ['message.created'] },
    });
    expect(hook.statusCode, hook.body).toBe(200);
    const copro = await makeCopropriete(t.database.db, { syndic_id: syndic.id });
    const a = await owner(copro.id);
    const b = await owner(copro.id);
    // The neighbour accepts messages from other co-owners.
    await t.database.db
      .insert(coproprietaireSettings)
      .values({ coproprietaire_id: b.rec.id, key: 'chat-allow-other-owners', value: '1' });
    const base = `/api/coproprietaires/${a.rec.id}/chat/conversations`;
    const open = async (participant_id: string, participant_type: 'syndic' | 'coproprietaire') =>
      json(
        await t.app.inject({
          method: 'POST',
          url: base,
          headers: a.headers,
          payload: { participant_id, participant_type },
        }),
      ).data;
    const write = async (conversationId: string, text: string) => {
      const r = await t.app.inject({
        method: 'POST',
        url: `${base}/${conversationId}/messages`,
        headers: a.headers,
        payload: { text, files: [] },
      });
      expect(r.statusCode, r.body).toBe(200);
      return json(r).data;
    };
    const toSyndic = await open(syndic.id, 'syndic');
    const sent = await write(toSyndic.id, 'Bonjour, la porte du hall ne ferme plus.');
    const toNeighbour = await open(b.rec.id, 'coproprietaire');
    await write(toNeighbour.id, 'Bonjour voisin !');

    const rows = await t.database.db
      .select()
      .from(syndicWebhookDeliveries)
      .where(eq(syndicWebhookDeliveries.syndic_id, syndic.id));
    expect(rows).toHaveLength(1);
    const event = JSON.parse(rows[0].body);
    expect(event).toMatchObject({
      type: 'message.created',
      data: {
        coproprietaire: { id: a.rec.id, external_id: null },
        conversation: { id: toSyndic.id },
        message: { id: sent.id, text: 'Bonjour, la porte du hall ne ferme plus.', files: 0 },
      },
    });
  });
});

/** Where the endpoints point: nothing is delivered here, the tests read the outbox. */
const HOOK_URL = 'http://127.0.0.1:9/hooks';

describe("webhook events of the co-owners' records", () => {
  it('queues coproprietaire.attached and coproprietaire.detached when a user attaches by code and detaches', async () => {
    const { headers, syndic } = await makeSyndicWithKey(t.database.db);
    await t.app.inject({
      method: 'POST',
      url: '/api/syndic/v1/webhooks',
      headers,
      payload: { url: HOOK_URL, events: ['*'] },
    });
    const id = await putCoOwner(t, headers);
    const code = json(
      await t.app.inject({ method: 'POST', url: '/api/syndic/v1/coproprietaires/W-C1/attach-code', headers }),
    ).data.attach_code;
    const user = await makeSignedInUser(t.database.db);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: `/api/coproprietaires/code/${code}/add-coproprietaire-to-user`,
          headers: user.headers,
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (
        await t.app.inject({
          method: 'DELETE',
          url: `/api/coproprietaires/${id}/remove-coproprietaire`,
          headers: user.headers,
        })
      ).statusCode,
    ).toBe(200);
    const rows = await t.database.db
      .select()
      .from(syndicWebhookDeliveries)
      .where(eq(syndicWebhookDeliveries.syndic_id, syndic.id));
    expect(rows.map((r) => r.event_type).sort()).toEqual([
      'coproprietaire.attached',
      'coproprietaire.detached',
    ]);
    expect(JSON.parse(rows[0].body).data.coproprietaire).toEqual({ id, external_id: 'W-C1' });
  });

  it('queues onboarding.updated with the choices when a co-owner ends onboarding or saves their information', async () => {
    const { headers, syndic } = await makeSyndicWithKey(t.database.db);
    await t.app.inject({
      method: 'POST',
      url: '/api/syndic/v1/webhooks',
      headers,
      payload: { url: HOOK_URL, events: ['onboarding.updated'] },
    });
    await t.app.inject({
      method: 'PUT',
      url: '/api/syndic/v1/coproprietes/W-IMM',
      headers,
      payload: { name: 'Les Acacias', address: { full_address: '2 rue des Acacias 69008 Lyon' } },
    });
    const rec = json(
      await t.app.inject({
        method: 'PUT',
        url: '/api/syndic/v1/coproprietaires/W-C2',
        headers,
        payload: { copropriete: 'W-IMM', last_name: 'Blanc' },
      }),
    ).data;
    const code = json(
      await t.app.inject({ method: 'POST', url: '/api/syndic/v1/coproprietaires/W-C2/attach-code', headers }),
    ).data.attach_code;
    const user = await makeSignedInUser(t.database.db);
    await t.app.inject({
      method: 'POST',
      url: `/api/coproprietaires/code/${code}/add-coproprietaire-to-user`,
      headers: user.headers,
    });
    const coproId = json(
      await t.app.inject({ method: 'GET', url: '/api/coproprietaires/all', headers: user.headers }),
    ).data[0].coproprietes[0].id;
    const base = `/api/coproprietaires/${coproId}/${rec.id}`;
    const info = await t.app.inject({
      method: 'PUT',
      url: `${base}/update-user-supplement-info`,
      headers: user.headers,
      payload: { contact: null, lots: {} },
    });
    expect(info.statusCode, info.body).toBe(200);
    const done = await t.app.inject({
      method: 'PUT',
      url: `${base}/update-init-settings`,
      headers: user.headers,
      payload: { settings: [{ key: 'allow-convocation-electronic', value: '1' }] },
    });
    expect(done.statusCode, done.body).toBe(200);
    const rows = await t.database.db
      .select()
      .from(syndicWebhookDeliveries)
      .where(eq(syndicWebhookDeliveries.syndic_id, syndic.id));
    const events = rows.map((r) => JSON.parse(r.body)).sort((a, b) => a.data.step.localeCompare(b.data.step));
    expect(events.map((e) => [e.type, e.data.step, e.data.settings])).toEqual([
      ['onboarding.updated', 'choix', { 'allow-convocation-electronic': '1' }],
      ['onboarding.updated', 'coordonnees', undefined],
    ]);
    expect(events[0].data.coproprietaire).toEqual({ id: rec.id, external_id: 'W-C2' });
  });
});
