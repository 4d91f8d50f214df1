import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coproprietaireSettings, syndicWebhookDeliveries } from '../../../db/schema/index.js';
import { makeCopropriete, makeCoproprietaire, makeSignedInUser } from '../../../test/factories.js';
import { makeSyndicWithKey } from '../../../test/factories.syndic.js';
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
