import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { syndicWebhookDeliveries, syndicWebhookEndpoints } from '../../../db/schema/index.js';
import { makeSyndicWithKey } from '../../../test/factories.syndic.js';
import { createTestApp, json, type TestApp } from '../../../test/harness.js';
import { queueCoproprietaireEvent } from '../webhooks/webhooks.service.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type H = Record<string, string>;
const call = (headers: H, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url: `/api/syndic/v1${url}`, headers, ...(payload ? { payload } : {}) });

async function ownerWithEvent(headers: H, syndicId: string, ext: string) {
  await call(headers, 'PUT', `/coproprietes/${ext}-IMM`, {
    name: 'Résidence du Parc',
    address: { full_address: '5 allée du Parc 69006 Lyon' },
  });
  const res = await call(headers, 'PUT', `/coproprietaires/${ext}`, {
    copropriete: `${ext}-IMM`,
    civility: 'mrs',
    first_name: 'Léa',
    last_name: 'Fontaine',
  });
  const id = json(res).data.id as string;
  // The endpoint row as the API stores it (registering one resolves its host, which tests cannot).
  await t.database.db.insert(syndicWebhookEndpoints).values({
    syndic_id: syndicId,
    url: 'https://erp.cabinet-exemple.fr/webhooks',
    events: ['*'],
    secret_encrypted: 'x',
  });
  await queueCoproprietaireEvent(t.database.db, id, 'message.created', {
    message: { text: 'Mme Léa Fontaine, 06 98 76 54 32, la fuite continue.', author: 'Léa Fontaine' },
  });
  return id;
}

const bodies = async (syndicId: string) =>
  (
    await t.database.db
      .select({ body: syndicWebhookDeliveries.body })
      .from(syndicWebhookDeliveries)
      .where(eq(syndicWebhookDeliveries.syndic_id, syndicId))
  ).map((r) => JSON.parse(r.body));

describe('anonymisation and the webhook log', () => {
  it("keeps each event's envelope and the record's ids, drops what it said about the co-owner", async () => {
    const { syndic, headers } = await makeSyndicWithKey(t.database.db);
    const id = await ownerWithEvent(headers, syndic.id, 'WH1');
    const [before] = await bodies(syndic.id);
    expect(JSON.stringify(before)).toContain('Fontaine');

    expect((await call(headers, 'DELETE', '/coproprietaires/WH1')).statusCode).toBe(200);
    const done = await call(headers, 'POST', '/coproprietaires/WH1/anonymise');
    expect(done.statusCode, done.body).toBe(200);
    expect(json(done).data.erased).toContain('webhook_event_data');

    const [after] = await bodies(syndic.id);
    expect(after).toEqual({
      id: before.id,
      type: 'message.created',
      created_at: before.created_at,
      data: { coproprietaire: { id, external_id: 'WH1' }, redacted: true },
    });
    expect(JSON.stringify(after)).not.toMatch(/Fontaine|06 98/);
  });

  it("leaves another co-owner's events as they are", async () => {
    const { syndic, headers } = await makeSyndicWithKey(t.database.db);
    await ownerWithEvent(headers, syndic.id, 'WH2');
    await call(headers, 'PUT', '/coproprietaires/WH3', {
      copropriete: 'WH2-IMM',
      civility: 'mr',
      first_name: 'Hugo',
      last_name: 'Petit',
    });
    await call(headers, 'DELETE', '/coproprietaires/WH3');
    await call(headers, 'POST', '/coproprietaires/WH3/anonymise');
    const [kept] = await bodies(syndic.id);
    expect(kept.data.message.author).toBe('Léa Fontaine');
  });
});
