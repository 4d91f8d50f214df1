import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { carnetsEntretien, notifications, syndicWebhookDeliveries } from '../../../db/schema/index.js';
import { makeCopropriete, makeCoproprietaire, makeSignedInUser } from '../../../test/factories.js';
import { makeSyndicWithKey } from '../../../test/factories.syndic.js';
import { createTestApp, json, type TestApp } from '../../../test/harness.js';

let t: TestApp;
let headers: Record<string, string>;
let otherHeaders: Record<string, string>;
let syndicId: string;
let coproId: string;
let author: { headers: Record<string, string>; base: string; recId: string };
let neighbour: { headers: Record<string, string>; base: string; recId: string };

async function owner() {
  const u = await makeSignedInUser(t.database.db);
  const rec = await makeCoproprietaire(t.database.db, { copropriete_id: coproId, user_id: u.user.id });
  return { headers: u.headers, base: `/api/signalements/coproprietaires/${rec.id}`, recId: rec.id };
}

beforeAll(async () => {
  t = await createTestApp();
  const k = await makeSyndicWithKey(t.database.db);
  headers = k.headers;
  syndicId = k.syndic.id;
  otherHeaders = (await makeSyndicWithKey(t.database.db)).headers;
  coproId = (await makeCopropriete(t.database.db, { syndic_id: syndicId })).id;
  author = await owner();
  neighbour = await owner();
  const hook = await t.app.inject({
    method: 'POST',
    url: '/api/syndic/v1/webhooks',
    headers,
    payload: { url: 'http://127.0.0.1:9/hooks', events: ['signalement.created', 'signalement.commented'] },
  });
  expect(hook.statusCode, hook.body).toBe(200);
  await t.database.db.insert(carnetsEntretien).values({
    syndic_id: syndicId,
    copropriete_id: coproId,
    major_works: [
      {
        year: 2026,
        nature: "Remplacement du moteur de l'ascenseur",
        contractor: 'Ascenseurs Rhône',
        reference: 'ASC-2026-01',
      },
    ],
  });
});
afterAll(() => t.close());

const file = async (title: string, visibility = 'IMMEUBLE') => {
  const res = await t.app.inject({
    method: 'POST',
    url: author.base,
    headers: author.headers,
    payload: { title, place: 'ASCENSEUR', description: 'Bloqué entre deux étages.', visibility },
  });
  expect(res.statusCode, res.body).toBe(200);
  return json(res).data.id as string;
};
const api = (method: 'GET' | 'POST', url: string, payload?: object, h = headers) =>
  t.app.inject({ method, url: `/api/syndic/v1/signalements${url}`, headers: h, payload });
const events = async (type: string) =>
  (
    await t.database.db
      .select()
      .from(syndicWebhookDeliveries)
      .where(eq(syndicWebhookDeliveries.syndic_id, syndicId))
  )
    .map((d) => JSON.parse(d.body))
    .filter((e) => e.type === type);

describe('the syndic API of signalements', () => {
  it('raises signalement.created when a co-owner files, and lists by pages with exact cursors and updated_since', async () => {
    const ids = [
      await file('Ascenseur en panne'),
      await file('Ascenseur bruyant', 'PRIVE'),
      await file('Porte du local vélos'),
    ];
    const created = await events('signalement.created');
    expect(created.map((e) => e.data.signalement.id)).toEqual(expect.arrayContaining(ids));
    expect(created[0].data.coproprietaire).toMatchObject({ id: author.recId });

    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const res = await api('GET', `?limit=2${cursor ? `&cursor=${cursor}` : ''}`);
      expect(res.statusCode, res.body).toBe(200);
      const page = json(res).data;
      seen.push(...page.items.map((x: { id: string }) => x.id));
      cursor = page.next_cursor;
    } while (cursor);
    expect(seen).toEqual(ids);

    const since = new Date().toISOString();
    await t.app.inject({
      method: 'PUT',
      url: `${neighbour.base}/${ids[0]}/soutien`,
      headers: neighbour.headers,
    });
    const delta = json(await api('GET', `?updated_since=${encodeURIComponent(since)}`)).data.items;
    expect(delta.map((x: { id: string }) => x.id)).toEqual([ids[0]]);
    expect(delta[0]).toMatchObject({ supporters: 1, status: 'NOUVEAU', place_label: 'Ascenseur' });

    expect((await api('GET', '?statut=NOUVEAU')).statusCode).toBe(400);
    expect((await api('GET', '?cursor=nimporte')).statusCode).toBe(400);
    expect((await api('GET', `/${ids[0]}`, undefined, otherHeaders)).statusCode).toBe(404);
    expect(json(await api('GET', '', undefined, otherHeaders)).data.items).toEqual([]);
  });

  it('answers and moves a report; the author and supporters are told; a resolved one links carnet works', async () => {
    const id = await file('Ascenseur bloqué au 3e');
    await t.app.inject({ method: 'PUT', url: `${neighbour.base}/${id}/soutien`, headers: neighbour.headers });

    const answered = await api('POST', `/${id}/comments`, { text: "L'ascensoriste passe demain." });
    expect(answered.statusCode, answered.body).toBe(200);
    expect(json(answered).data.events.at(-1)).toMatchObject({ kind: 'COMMENT', by: 'syndic' });

    const noDate = await api('POST', `/${id}/status`, { status: 'PLANIFIE' });
    expect(noDate.statusCode).toBe(400);
    expect(json(noDate).errors).toHaveProperty('planned_on');
    const planned = json(
      await api('POST', `/${id}/status`, { status: 'PLANIFIE', planned_on: '2026-12-03' }),
    ).data;
    expect(planned).toMatchObject({
      result: 'updated',
      resource: { status: 'PLANIFIE', planned_on: '2026-12-03' },
    });
    const again = json(
      await api('POST', `/${id}/status`, { status: 'PLANIFIE', planned_on: '2026-12-03' }),
    ).data;
    expect(again.result).toBe('unchanged');
    const back = await api('POST', `/${id}/status`, { status: 'NOUVEAU' });
    expect(back.statusCode).toBe(400);
    expect(json(back).message).toBe('Un signalement « Planifié » ne passe pas à « Nouveau ».');

    const unknownWorks = await api('POST', `/${id}/status`, { status: 'RESOLU', carnet_travaux_ref: 'NOPE' });
    expect(unknownWorks.statusCode).toBe(400);
    const resolved = json(
      await api('POST', `/${id}/status`, {
        status: 'RESOLU',
        comment: 'Moteur remplacé.',
        carnet_travaux_ref: 'ASC-2026-01',
      }),
    ).data.resource;
    expect(resolved).toMatchObject({
      status: 'RESOLU',
      planned_on: null,
      carnet_travaux: {
        ref: 'ASC-2026-01',
        label: "Remplacement du moteur de l'ascenseur (2026, Ascenseurs Rhône)",
      },
    });
    expect(
      resolved.events.map((e: { kind: string; status: string | null }) => `${e.kind}:${e.status ?? ''}`),
    ).toEqual(['CREATED:NOUVEAU', 'COMMENT:', 'STATUS:PLANIFIE', 'STATUS:RESOLU']);

    // RESOLU again with no reference keeps the link and tells no one.
    const same = json(await api('POST', `/${id}/status`, { status: 'RESOLU' })).data;
    expect(same).toMatchObject({ result: 'unchanged', resource: { carnet_travaux: { ref: 'ASC-2026-01' } } });

    const seenByAuthor = json(
      await t.app.inject({ method: 'GET', url: `${author.base}/${id}`, headers: author.headers }),
    ).data;
    expect(seenByAuthor.carnet_travaux.label).toContain('Ascenseurs Rhône');
    for (const rec of [author.recId, neighbour.recId]) {
      const told = (
        await t.database.db.select().from(notifications).where(eq(notifications.coproprietaire_id, rec))
      )
        .filter((n) => n.type === 'SIGNALEMENT' && n.data?.url === `/{id}/signalements/${id}`)
        .map((n) => n.body);
      expect(told).toEqual(
        expect.arrayContaining([
          "Réponse du syndic\u202f: L'ascensoriste passe demain.",
          expect.stringContaining('Planifié pour le 03/12/2026'),
          expect.stringContaining('Résolu'),
        ]),
      );
    }
    expect((await api('POST', `/${id}/status`, { status: 'CLOS' }, otherHeaders)).statusCode).toBe(404);
  });

  it("raises signalement.commented when a co-owner adds a detail, and the syndic's writes are audited", async () => {
    const id = await file('Ascenseur: voyant rouge');
    const res = await t.app.inject({
      method: 'POST',
      url: `${author.base}/${id}/commentaires`,
      headers: author.headers,
      payload: { text: 'Le voyant clignote encore ce matin.' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const commented = await events('signalement.commented');
    expect(commented.at(-1).data).toMatchObject({
      signalement: { id },
      comment: { text: 'Le voyant clignote encore ce matin.', by: 'coproprietaire' },
    });
    await api('POST', `/${id}/status`, { status: 'PRIS_EN_COMPTE' });
    const audit = json(
      await t.app.inject({ method: 'GET', url: '/api/syndic/v1/audit-log?resource=signalement', headers }),
    ).data;
    expect(audit.items[0]).toMatchObject({
      resource: 'signalement',
      resource_id: id,
      changes: { status: { before: 'NOUVEAU', after: 'PRIS_EN_COMPTE' } },
    });
  });
});
