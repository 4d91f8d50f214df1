import {
  assembleeEndpoints,
  assembleeRegisterEndpoints,
  buildPath,
  decodeHead,
  type VoteBody,
  verifyRegister,
} from '@tantieme/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assemblees, notifications, syndicExternalRefs } from '../../../db/schema/index.js';
import { makeAssemblee } from '../../../test/factories.assemblees.js';
import { makeSyndicWithKey } from '../../../test/factories.syndic.js';
import { createTestApp, json, type TestApp } from '../../../test/harness.js';
import { AG } from './assemblees.repo.js';
import { onMeetingDay } from '../meeting-day.fixture.js';

/** The signed head at the close of the vote and at the end of the meeting, through the syndic API. */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function assembleeOfSyndic(externalId: string) {
  const f = await makeAssemblee(t.database.db);
  await t.database.db
    .update(assemblees)
    .set({ general_repartition_id: f.cg.id })
    .where(eq(assemblees.id, f.ag.id));
  const key = await makeSyndicWithKey(t.database.db, ['read', 'write'], { id: f.copro.syndic_id });
  await t.database.db
    .insert(syndicExternalRefs)
    .values({ syndic_id: f.copro.syndic_id, resource: AG, external_id: externalId, internal_id: f.ag.id });
  const post = (action: string) =>
    t.app.inject({
      method: 'POST',
      url: `/api/syndic/v1/assemblees/${externalId}/${action}`,
      headers: key.headers,
    });
  return { f, post };
}

const headsOf = async (coproprietaireId: string) =>
  (
    await t.database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.coproprietaire_id, coproprietaireId), eq(notifications.type, 'ASSEMBLEE')))
  )
    .map((n) => decodeHead(n.body))
    .filter((h) => h !== null);

describe('start-session and close sign the head and send it to every participant', () => {
  it('a co-owner holds both heads, and the register agrees with each', async () => {
    const { f, post } = await assembleeOfSyndic('AG-END');
    const o = f.owners[0];
    const body: VoteBody = {
      coproprietaire: { id: o.record.id, name: o.record.display_name },
      list_data: f.res
        .filter((r) => !r.no_vote)
        .map((r) => ({
          id: r.id,
          title: r.title,
          field: { vote_1: { vote_value: 'agree' }, vote_2: { vote_value: 'agree' } },
          has_vote_two: r.article !== 'ART-24',
        })),
    };
    const params = { agId: f.ag.id, coproId: f.copro.id, id: o.record.id };
    const voted = await t.app.inject({
      method: 'POST',
      url: `/api${buildPath(assembleeEndpoints.vote.path, params)}`,
      headers: o.headers,
      payload: body,
    });
    expect(voted.statusCode).toBe(200);

    expect((await onMeetingDay(t.database.db, () => post('start-session'))).statusCode).toBe(200);
    const ended = await post('close');
    expect(ended.statusCode).toBe(200);
    expect(json(ended).data).toMatchObject({ result: 'updated', status_session: 2, head: { count: 1 } });
    expect(json(await post('close')).data).toEqual({
      result: 'unchanged',
      status_session: 2,
      head: null,
    });

    for (const owner of f.owners)
      expect((await headsOf(owner.record.id)).map((h) => [h.event, h.count])).toEqual([
        ['vote_closed', 1],
        ['ended', 1],
      ]);
    const reg = json(
      await t.app.inject({
        method: 'GET',
        url: `/api${buildPath(assembleeRegisterEndpoints.register.path, params)}`,
        headers: o.headers,
      }),
    ).data;
    expect(reg.assemblee.status_session).toBe(2);
    expect(reg.heads.map((h: { event: string }) => h.event)).toEqual(['vote_closed', 'ended']);
    const [, held] = await headsOf(o.record.id);
    expect((await verifyRegister(reg, { held })).ok).toBe(true);
  });

  it('refuses to end a meeting that has not started', async () => {
    const { post } = await assembleeOfSyndic('AG-NOT-STARTED');
    const res = await post('close');
    expect(res.statusCode).toBe(409);
    expect(json(res).message).toBe("La séance n'a pas commencé\u202f: appelez d'abord start-session.");
  });
});
