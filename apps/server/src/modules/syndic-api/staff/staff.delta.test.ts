import { inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatMessages } from '../../../db/schema/index.js';
import { makeCoproprietaire, makeSignedInUser } from '../../../test/factories.js';
import { makeSyndicWithKey } from '../../../test/factories.syndic.js';
import { createTestApp, json, type TestApp } from '../../../test/harness.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function syndic() {
  const s = await makeSyndicWithKey(t.database.db);
  const api = (method: 'GET' | 'PUT' | 'POST', url: string, payload?: object, headers = s.headers) =>
    t.app.inject({ method, url: `/api/syndic/v1${url}`, headers, payload });
  const copro = await api('PUT', '/coproprietes/C1', {
    name: 'Résidence Les Tilleuls',
    address: { full_address: '12 rue des Tilleuls 69003 Lyon' },
  });
  return { s, api, coproId: json(copro).data.id as string };
}

/** A co-owner of the building who opens a conversation with the syndic and writes in it. */
async function conversationOf(b: Awaited<ReturnType<typeof syndic>>, name: string) {
  const u = await makeSignedInUser(t.database.db);
  const rec = await makeCoproprietaire(t.database.db, {
    copropriete_id: b.coproId,
    user_id: u.user.id,
    name,
  });
  const base = `/api/coproprietaires/${rec.id}/chat`;
  const open = await t.app.inject({
    method: 'POST',
    url: `${base}/conversations`,
    headers: u.headers,
    payload: { participant_id: b.s.syndic.id, participant_type: 'syndic' },
  });
  const cid = json(open).data.id as string;
  await t.app.inject({
    method: 'POST',
    url: `${base}/conversations/${cid}/messages`,
    headers: u.headers,
    payload: { text: `Bonjour, ici ${name}.`, files: [] },
  });
  return cid;
}

/** Every page of a list followed through `next_cursor`, at one page size. */
async function follow(b: Awaited<ReturnType<typeof syndic>>, path: string, limit: number) {
  const ids: string[] = [];
  let cursor: string | null = null;
  for (let guard = 0; guard < 50; guard++) {
    const sep = path.includes('?') ? '&' : '?';
    const url = `${path}${sep}limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
    const res = await b.api('GET', url);
    expect(res.statusCode, url).toBe(200);
    const data = json(res).data as {
      items: { id: string; external_id?: string }[];
      next_cursor: string | null;
    };
    ids.push(...data.items.map((i) => i.external_id ?? i.id));
    cursor = data.next_cursor;
    if (!cursor) return ids;
  }
  throw new Error('the cursor never ended');
}

describe('conversations of the syndic API, page by page', () => {
  it('pages of any size, ties on the last message included, add up to the whole list once each', async () => {
    const b = await syndic();
    const cids: string[] = [];
    for (const name of [
      'Mme Claire Martin',
      'M. Paul Durand',
      'Mme Inès Robert',
      'M. Hugo Petit',
      'Mme Léa Roux',
    ])
      cids.push(await conversationOf(b, name));
    // Three conversations whose last message shares one instant: the id breaks the tie.
    await t.database.db
      .update(chatMessages)
      .set({ created_date: sql`'2026-11-20T10:00:00.123456Z'::timestamptz` })
      .where(inArray(chatMessages.conversation_id, cids.slice(0, 3)));
    const whole = await follow(b, '/conversations', 200);
    expect([...whole].sort()).toEqual([...cids].sort());
    for (const limit of [1, 2, 3, 4]) expect(await follow(b, '/conversations', limit)).toEqual(whole);
    // Latest activity first: the two conversations written just now come before the three of the 20th.
    expect(new Set(whole.slice(2))).toEqual(new Set(cids.slice(0, 3)));

    const since = encodeURIComponent('2026-11-21T00:00:00Z');
    expect((await follow(b, `/conversations?updated_since=${since}`, 1)).sort()).toEqual(
      cids.slice(3).sort(),
    );
    const bad = await b.api('GET', '/conversations?cursor=pas-un-curseur');
    expect(bad.statusCode).toBe(400);
    expect(json(bad).errors).toEqual({ cursor: 'Curseur invalide.' });
  });
});

describe('staff of the syndic API, by delta', () => {
  it('lists with updated_since only the members created or disabled since', async () => {
    const b = await syndic();
    for (const id of ['GEST-1', 'GEST-2', 'GEST-3'])
      await b.api('PUT', `/staff/${id}`, {
        first_name: 'Sophie',
        last_name: id,
        email: `${id.toLowerCase()}.${b.s.syndic.id.slice(0, 8)}@lefevre-immobilier.fr`,
      });
    expect(await follow(b, '/staff', 2)).toEqual(['GEST-1', 'GEST-2', 'GEST-3']);
    const mark = new Date(Date.now() + 5).toISOString();
    await new Promise((r) => setTimeout(r, 20));
    expect(await follow(b, `/staff?updated_since=${encodeURIComponent(mark)}`, 2)).toEqual([]);
    await b.api('POST', '/staff/GEST-2/disable');
    const delta = await b.api('GET', `/staff?updated_since=${encodeURIComponent(mark)}`);
    expect(json(delta).data.items).toEqual([
      expect.objectContaining({ external_id: 'GEST-2', disabled_at: expect.any(String) }),
    ]);
    const unknown = await b.api('GET', '/staff?since=2026-01-01');
    expect(unknown.statusCode).toBe(400);
  });
});
