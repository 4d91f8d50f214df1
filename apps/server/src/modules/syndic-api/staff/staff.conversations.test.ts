import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatMessages } from '../../../db/schema/index.js';
import { makeSyndicWithKey } from '../../../test/factories.syndic.js';
import { createTestApp, json, type TestApp } from '../../../test/harness.js';
import { staffFixture } from './staff.fixture.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const { syndic, staffBody } = staffFixture(() => t);

describe('conversations in the syndic API', () => {
  async function withConversation() {
    const b = await syndic();
    await b.api('PUT', '/staff/GEST-1', staffBody(b.email));
    const base = `/api/coproprietaires/${b.owner.rec.id}/chat`;
    const open = await t.app.inject({
      method: 'POST',
      url: `${base}/conversations`,
      headers: b.owner.headers,
      payload: { participant_id: b.s.syndic.id, participant_type: 'syndic' },
    });
    const cid = json(open).data.id as string;
    await t.app.inject({
      method: 'POST',
      url: `${base}/conversations/${cid}/messages`,
      headers: b.owner.headers,
      payload: { text: 'Bonjour, la porte du parking ne ferme plus.', files: [] },
    });
    return { ...b, cid, base };
  }

  it('lists the conversations opened with the syndic and their messages', async () => {
    const b = await withConversation();
    const list = await b.api('GET', '/conversations');
    expect(json(list).data.items).toEqual([
      expect.objectContaining({
        id: b.cid,
        copropriete: { id: b.coproId, external_id: 'C1', name: 'Résidence Les Tilleuls' },
        coproprietaire: expect.objectContaining({ id: b.owner.rec.id, name: 'M. Paul Durand' }),
        un_seen: 1,
        last_message: expect.objectContaining({
          text: 'Bonjour, la porte du parking ne ferme plus.',
          from_syndic: false,
        }),
      }),
    ]);
    const msgs = await b.api('GET', `/conversations/${b.cid}/messages`);
    expect(json(msgs).data.messages).toEqual([
      expect.objectContaining({ from_syndic: false, author: 'M. Paul Durand', external_id: null }),
    ]);
  });

  it('answers as a staff member, idempotent by external_id; the co-owner sees who answered', async () => {
    const b = await withConversation();
    const body = {
      external_id: 'REP-1',
      staff: 'GEST-1',
      text: 'Bonjour, le technicien passe demain matin.',
    };
    const first = await b.api('POST', `/conversations/${b.cid}/messages`, body);
    expect(first.statusCode).toBe(200);
    expect(json(first).data).toMatchObject({
      result: 'created',
      message: { external_id: 'REP-1', from_syndic: true, author: 'Sophie Garnier' },
    });
    const replay = await b.api('POST', `/conversations/${b.cid}/messages`, body);
    expect(json(replay).data).toMatchObject({
      result: 'unchanged',
      message: { id: json(first).data.message.id },
    });
    const rows = await t.database.db
      .select()
      .from(chatMessages)
      .where(eq(chatMessages.conversation_id, b.cid));
    expect(rows).toHaveLength(2);
    const seen = await t.app.inject({
      method: 'GET',
      url: `${b.base}/conversations/${b.cid}/messages`,
      headers: b.owner.headers,
    });
    expect(json(seen).data.messages.at(-1)).toMatchObject({
      text: body.text,
      created_by_name: 'Sophie Garnier',
      mine: false,
    });
  });

  it('refuses unknown or disabled staff (400 on staff, nothing posted) and another syndic (404)', async () => {
    const b = await withConversation();
    const unknown = await b.api('POST', `/conversations/${b.cid}/messages`, {
      external_id: 'REP-2',
      staff: 'NOPE',
      text: 'Réponse',
    });
    expect(unknown.statusCode).toBe(400);
    expect(Object.keys(json(unknown).errors)).toEqual(['staff']);
    await b.api('POST', '/staff/GEST-1/disable');
    const disabled = await b.api('POST', `/conversations/${b.cid}/messages`, {
      external_id: 'REP-2',
      staff: 'GEST-1',
      text: 'Réponse',
    });
    expect(json(disabled).errors).toEqual({ staff: 'Ce membre du personnel est désactivé.' });
    const rows = await t.database.db
      .select()
      .from(chatMessages)
      .where(eq(chatMessages.conversation_id, b.cid));
    expect(rows).toHaveLength(1);
    const other = await makeSyndicWithKey(t.database.db);
    for (const [method, payload] of [
      ['GET', undefined],
      ['POST', { external_id: 'REP-3', staff: 'GEST-1', text: 'Intrus' }],
    ] as const) {
      const res = await b.api(method, `/conversations/${b.cid}/messages`, payload, other.headers);
      expect(res.statusCode).toBe(404);
    }
    expect(json(await b.api('GET', '/conversations', undefined, other.headers)).data.items).toEqual([]);
  });
});
