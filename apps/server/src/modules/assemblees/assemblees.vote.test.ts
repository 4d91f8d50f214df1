import { correspondenceDeadline, assembleeEndpoints as e } from '@tantieme/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assembleeParticipants, assembleeRecords, assemblees, votes } from '../../db/schema/index.js';
import { makeAssemblee } from '../../test/factories.assemblees.js';
import { json } from '../../test/harness.js';
import { ballot, call, f, params, setUp, t } from './assemblees.fixture.js';

/** The vote by correspondence through the co-owner's API: checks, the chained ballot, the legal deadline. */

beforeAll(setUp);
afterAll(() => t.close());

describe('vote by correspondence', () => {
  it('refuses an incomplete ballot and names the missing resolutions', async () => {
    const o = f.owners[2];
    const res = await call(e.vote, params(o), o.headers, ballot(o, { 1: [null, null] }));
    expect(res.statusCode).toBe(400);
    expect(json(res).code).toBe('VOTE_INCOMPLETE');
    expect(Object.keys(json(res).errors)).toEqual([f.res[0].id]);
  });

  it('an ART-25 or ART-26 resolution needs the 25-1 / 26-1 second choice', async () => {
    const o = f.owners[2];
    for (const n of [2, 3]) {
      const res = await call(e.vote, params(o), o.headers, ballot(o, { [n]: ['agree', null] }));
      expect(res.statusCode).toBe(400);
      expect(Object.keys(json(res).errors)).toEqual([f.res[n - 1].id]);
    }
    const rows = await t.database.db.select().from(votes).where(eq(votes.coproprietaire_id, o.record.id));
    expect(rows).toHaveLength(0);
  });

  it('refuses an unknown resolution and another record in the body', async () => {
    const o = f.owners[2];
    const b = ballot(o);
    b.list_data[0].id = f.ag.id;
    expect(json(await call(e.vote, params(o), o.headers, b)).errors).toEqual({
      'list_data.0.id': 'Résolution inconnue.',
    });
    const other = ballot(f.owners[3]);
    expect((await call(e.vote, params(o), o.headers, other)).statusCode).toBe(400);
  });

  it('records the ballot with tantièmes per repartition, method, IP and user agent, and shows it back', async () => {
    const o = f.owners[0];
    const res = await call(e.vote, params(o), o.headers, ballot(o));
    expect(res.statusCode).toBe(200);
    const info = json(res).data;
    expect(info).toMatchObject({ seq: expect.any(Number), method: 'e_form' });
    expect(info.digest).toMatch(/^[0-9a-f]{64}$/);
    const [rec] = await t.database.db.select().from(assembleeRecords).where(eq(assembleeRecords.id, info.id));
    const payload = rec.payload as {
      ip: string;
      user_agent: string;
      choices: { number: number; tantiemes: number; vote_2: string | null }[];
    };
    expect(payload.user_agent).toBe('vitest-agent');
    expect(payload.ip).toBe('127.0.0.1');
    expect(payload.choices.map((c) => [c.number, c.tantiemes, c.vote_2])).toEqual([
      [1, 300, null],
      [2, 300, 'agree'],
      [3, 60, 'abstain'],
    ]);
    const d = json(await call(e.resolutions, params(o), o.headers)).data;
    expect(d.ballot.digest).toBe(info.digest);
    expect(d.resolutions[1].vote.last_method).toBe('e_form');
    expect(Object.values(d.resolutions[1].vote.methods)[0]).toMatchObject({ value: 'disagree' });
    expect(Object.values(d.resolutions[1].vote_2.methods)[0]).toMatchObject({ value: 'agree' });
    expect(d.resolutions[3].vote.methods).toEqual({});
    const [part] = await t.database.db
      .select()
      .from(assembleeParticipants)
      .where(
        and(
          eq(assembleeParticipants.assemblee_id, f.ag.id),
          eq(assembleeParticipants.coproprietaire_id, o.record.id),
        ),
      );
    expect(part.attendance).toBe('correspondence');
  });

  it('a re-vote replaces the ballot in one transaction and is itself chained', async () => {
    const o = f.owners[0];
    const before = json(await call(e.resolutions, params(o), o.headers)).data.ballot;
    const res = await call(e.vote, params(o), o.headers, ballot(o, { 1: ['disagree', null] }));
    expect(res.statusCode).toBe(200);
    const after = json(res).data;
    expect(after.prev_digest).toBe(before.digest);
    const mine = await t.database.db
      .select()
      .from(assembleeRecords)
      .where(
        and(eq(assembleeRecords.assemblee_id, f.ag.id), eq(assembleeRecords.coproprietaire_id, o.record.id)),
      );
    expect(mine.filter((r) => r.current).map((r) => r.id)).toEqual([after.id]);
    expect(mine).toHaveLength(2);
    const d = json(await call(e.resolutions, params(o), o.headers)).data;
    expect(Object.values(d.resolutions[0].vote.methods)[0]).toMatchObject({ value: 'disagree' });
  });

  it('concurrent submits leave exactly one current ballot and an intact chain', async () => {
    const o = f.owners[1];
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        call(e.vote, params(o), o.headers, ballot(o, { 1: [i % 2 ? 'agree' : 'disagree', null] })),
      ),
    );
    expect(results.every((r) => r.statusCode === 200)).toBe(true);
    const current = await t.database.db
      .select()
      .from(assembleeRecords)
      .where(
        and(
          eq(assembleeRecords.assemblee_id, f.ag.id),
          eq(assembleeRecords.coproprietaire_id, o.record.id),
          eq(assembleeRecords.current, true),
        ),
      );
    expect(current).toHaveLength(1);
    const voteRows = await t.database.db.select().from(votes).where(eq(votes.coproprietaire_id, o.record.id));
    expect(voteRows).toHaveLength(3);
    expect(new Set(voteRows.map((v) => v.record_id))).toEqual(new Set([current[0].id]));
    const chain = json(await call(e.chain, params(o), o.headers)).data;
    expect(chain.check).toEqual({ ok: true, length: chain.links.length, first_broken: null });
  });

  it('the unique index refuses a second current ballot even outside the service', async () => {
    const o = f.owners[0];
    const [cur] = await t.database.db
      .select()
      .from(assembleeRecords)
      .where(and(eq(assembleeRecords.coproprietaire_id, o.record.id), eq(assembleeRecords.current, true)));
    await expect(
      t.database.db.insert(assembleeRecords).values({ ...cur, id: undefined, seq: 999 }),
    ).rejects.toThrow();
  });

  it('a valid_to stored earlier than the law does not close the vote: the legal deadline does', async () => {
    const early = await makeAssemblee(t.database.db, { validTo: new Date(Date.now() - 1000) });
    const eo = early.owners[0];
    const ep = { agId: early.ag.id, coproId: early.copro.id, id: eo.record.id };
    const ed = json(await call(e.resolutions, ep, eo.headers)).data;
    expect(ed.assemblee.vote_active).toBe(true);
    expect(ed.assemblee.valid_to).toBe(correspondenceDeadline(early.ag.date).toISOString());
    const eb = {
      ...ballot(eo),
      list_data: ballot(eo).list_data.map((x, i) => ({ ...x, id: early.res[i].id })),
    };
    expect((await call(e.vote, ep, eo.headers, eb)).statusCode).toBe(200);
  });

  it('refuses a vote once the legal deadline has passed (three clear days before the meeting)', async () => {
    const g = await makeAssemblee(t.database.db, { date: new Date(Date.now() + 2 * 86_400_000) });
    const o = g.owners[0];
    const p = { agId: g.ag.id, coproId: g.copro.id, id: o.record.id };
    const d = json(await call(e.resolutions, p, o.headers)).data;
    expect(d.assemblee.vote_active).toBe(false);
    const b = { ...ballot(o), list_data: ballot(o).list_data.map((x, i) => ({ ...x, id: g.res[i].id })) };
    const res = await call(e.vote, p, o.headers, b);
    expect(res.statusCode).toBe(409);
    expect(json(res).code).toBe('VOTE_CLOSED');
  });

  it("answers 'assemblee_session_has_been_start' once the session has started", async () => {
    const g = await makeAssemblee(t.database.db);
    await t.database.db.update(assemblees).set({ status_session: 1 }).where(eq(assemblees.id, g.ag.id));
    const o = g.owners[0];
    const p = { agId: g.ag.id, coproId: g.copro.id, id: o.record.id };
    const b = { ...ballot(o), list_data: ballot(o).list_data.map((x, i) => ({ ...x, id: g.res[i].id })) };
    const res = await call(e.vote, p, o.headers, b);
    expect(res.statusCode).toBe(409);
    expect(json(res).code).toBe('assemblee_session_has_been_start');
    expect(json(res).message).toBe("La conférence de l'assemblée a commencé");
  });
});
