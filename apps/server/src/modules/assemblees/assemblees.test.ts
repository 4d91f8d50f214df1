import {
  correspondenceDeadline,
  assembleeEndpoints as e,
  buildPath,
  type Endpoint,
  type VoteBody,
} from '@tantieme/contract';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assembleeParticipants, assembleeRecords, assemblees, votes } from '../../db/schema/index.js';
import { makeAssembly } from '../../test/factories.assemblees.js';
import { makeCoproprietaire, makeSignedInUser } from '../../test/factories.js';
import { makePreviewToken } from '../../test/factories.synthese.js';
import { createTestApp, json, type TestApp } from '../../test/harness.js';
import { chainReport, formatChainReport } from './chain.service.js';

let t: TestApp;
let f: Awaited<ReturnType<typeof makeAssembly>>;
beforeAll(async () => {
  t = await createTestApp();
  f = await makeAssembly(t.database.db);
});
afterAll(() => t.close());

type Owner = (typeof f.owners)[number];
const params = (o: Owner, agId = f.ag.id) => ({ agId, coproId: f.copro.id, id: o.record.id });
const call = (ep: Endpoint, p: Record<string, string>, headers: Record<string, string>, payload?: unknown) =>
  t.app.inject({
    method: ep.method,
    url: `/api${buildPath(ep.path, p)}`,
    headers: { ...headers, 'user-agent': 'vitest-agent' },
    ...(payload ? { payload: payload as object } : {}),
  });

/** A full ballot: ART-24 agree, ART-25 disagree then agree, ART-26 abstain then abstain. */
function ballot(o: Owner, over: Partial<Record<number, [string | null, string | null]>> = {}): VoteBody {
  const defaults: Record<number, [string | null, string | null]> = {
    1: ['agree', null],
    2: ['disagree', 'agree'],
    3: ['abstain', 'abstain'],
  };
  return {
    coproprietaire: { id: o.record.id, name: o.record.display_name },
    list_data: f.res
      .filter((r) => !r.no_vote)
      .map((r) => {
        const [v1, v2] = over[r.number] ?? defaults[r.number];
        return {
          id: r.id,
          title: r.title,
          field: {
            vote_1: { vote_value: v1 as 'agree' | null },
            vote_2: { vote_value: v2 as 'agree' | null },
          },
          has_vote_two: r.article !== 'ART-24',
        };
      }),
  };
}

describe('list, detail, convocation and meeting link', () => {
  it('lists the assemblies the record is convened to, with the §3 fields', async () => {
    const o = f.owners[0];
    const res = await call(e.list, { coproId: f.copro.id, id: o.record.id }, o.headers);
    expect(res.statusCode).toBe(200);
    const [ag] = json(res).data;
    expect(ag).toMatchObject({
      id: f.ag.id,
      name: 'Assemblée générale ordinaire',
      year: 2026,
      copr_name: f.copro.name,
      priority: 1,
      status_convocation: 1,
      total_lots: 5,
      total_coproprietaires: 5,
      total_tantiemes: 1000,
      status_session: null,
      vote_active: true,
    });
  });

  it('gives the resolutions with article, repartition and no recorded vote yet', async () => {
    const o = f.owners[1];
    const res = await call(e.resolutions, params(o), o.headers);
    expect(res.statusCode).toBe(200);
    const d = json(res).data;
    expect(d.assemblee.id).toBe(f.ag.id);
    expect(d.ballot).toBeNull();
    expect(
      d.resolutions.map((r: { number: number; article: string; no_vote: boolean }) => [
        r.number,
        r.article,
        r.no_vote,
      ]),
    ).toEqual([
      [1, 'ART-24', false],
      [2, 'ART-25', false],
      [3, 'ART-26', false],
      [4, 'ART-24', true],
    ]);
    expect(d.resolutions[2].repartition).toEqual({ code: 'ASC', name: 'Ascenseur' });
    expect(d.resolutions[0].vote).toEqual({ last_method: null, methods: {} });
  });

  it('gives the convocation file as a signed URL and the meeting link', async () => {
    const o = f.owners[0];
    const conv = json(await call(e.convocationFile, params(o), o.headers)).data;
    expect(conv).toMatchObject({ name: 'Convocation.pdf', content_type: 'application/pdf' });
    expect(conv.url).toMatch(/^\/files\/test\/\w+\/convocation\.pdf\?e=\d+&s=/);
    expect(json(await call(e.visioInfo, params(o), o.headers)).data).toEqual({
      url: 'https://meet.jit.si/tantieme-test',
    });
  });

  it('answers null without a convocation file or a meeting link', async () => {
    const g = await makeAssembly(t.database.db, { convocation: false, visio: null });
    const o = g.owners[0];
    const p = { agId: g.ag.id, coproId: g.copro.id, id: o.record.id };
    expect(json(await call(e.convocationFile, p, o.headers)).data).toBeNull();
    expect(json(await call(e.visioInfo, p, o.headers)).data).toEqual({ url: null });
  });
});

describe('access guard', () => {
  it("another building's co-owner gets 404 on every assembly call", async () => {
    const stranger = await makeSignedInUser(t.database.db);
    await makeCoproprietaire(t.database.db, { user_id: stranger.user.id });
    const p = params(f.owners[0]);
    for (const ep of [e.resolutions, e.convocationFile, e.visioInfo, e.receipt, e.chain])
      expect((await call(ep, p, stranger.headers)).statusCode).toBe(404);
    expect(
      (await call(e.list, { coproId: f.copro.id, id: f.owners[0].record.id }, stranger.headers)).statusCode,
    ).toBe(404);
    expect((await call(e.vote, p, stranger.headers, ballot(f.owners[0]))).statusCode).toBe(404);
  });

  it('a co-owner of the building not convened to the assembly gets 404', async () => {
    const other = await makeSignedInUser(t.database.db);
    const rec = await makeCoproprietaire(t.database.db, {
      user_id: other.user.id,
      copropriete_id: f.copro.id,
    });
    const res = await call(e.resolutions, { agId: f.ag.id, coproId: f.copro.id, id: rec.id }, other.headers);
    expect(res.statusCode).toBe(404);
  });

  it('an assembly of another building under my own record is 404', async () => {
    const g = await makeAssembly(t.database.db);
    const o = f.owners[0];
    expect((await call(e.resolutions, params(o, g.ag.id), o.headers)).statusCode).toBe(404);
  });

  it('the syndic preview reads but cannot vote', async () => {
    const o = f.owners[4];
    const spt = await makePreviewToken(t.database.db, f.copro.syndic_id, o.record.id);
    const h = { 'x-preview-token': spt };
    expect((await call(e.resolutions, params(o), h)).statusCode).toBe(200);
    // Voting needs the co-owner's own session: a preview token is not one.
    const res = await call(e.vote, params(o), h, ballot(o));
    expect(res.statusCode).toBe(401);
    const rows = await t.database.db.select().from(votes).where(eq(votes.coproprietaire_id, o.record.id));
    expect(rows).toHaveLength(0);
  });
});

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
    const early = await makeAssembly(t.database.db, { validTo: new Date(Date.now() - 1000) });
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
    const g = await makeAssembly(t.database.db, { date: new Date(Date.now() + 2 * 86_400_000) });
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
    const g = await makeAssembly(t.database.db);
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

describe('receipt and chain', () => {
  it('gives a PDF receipt of the current ballot', async () => {
    const o = f.owners[0];
    const r = json(await call(e.receipt, params(o), o.headers)).data;
    expect(r.name).toBe('Accusé de vote - Assemblée générale ordinaire - 2026.pdf');
    const pdf = await t.app.inject({ method: 'GET', url: r.url });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    // A second request reuses the stored receipt.
    const again = json(await call(e.receipt, params(o), o.headers)).data;
    expect(again.url.split('?')[0]).toBe(r.url.split('?')[0]);
  });

  it('has no receipt before voting', async () => {
    const o = f.owners[4];
    const res = await call(e.receipt, params(o), o.headers);
    expect(res.statusCode).toBe(404);
    expect(json(res).code).toBe('NO_BALLOT');
  });

  it("lets a co-owner find their digests in the published chain, without others' data", async () => {
    const o = f.owners[0];
    const d = json(await call(e.chain, params(o), o.headers)).data;
    expect(d.mine).toHaveLength(2);
    for (const digest of d.mine) expect(d.links.map((l: { digest: string }) => l.digest)).toContain(digest);
    expect(JSON.stringify(d)).not.toContain(f.owners[1].record.id);
    expect(JSON.stringify(d)).not.toContain('vitest-agent');
  });

  it('the chain check and the admin report find the first row altered in the database', async () => {
    expect((await chainReport(t.database.db, f.ag.id))[0].ok).toBe(true);
    // Someone edits the second ballot's choice directly in the database.
    await t.database.db.execute(
      sql`update assemblee_records set payload = jsonb_set(payload, '{choices,0,vote_1}', '"agree"') where assemblee_id = ${f.ag.id} and seq = 2`,
    );
    const o = f.owners[0];
    const d = json(await call(e.chain, params(o), o.headers)).data;
    expect(d.check).toMatchObject({ ok: false, first_broken: { seq: 2, reason: 'digest' } });
    const report = await chainReport(t.database.db, f.ag.id);
    expect(report[0]).toMatchObject({ ok: false, first_broken: { seq: 2, reason: 'digest' } });
    expect(formatChainReport(report)).toContain('premier maillon rompu n° 2 (contenu modifié)');
  });

  it('also catches a rewritten digest (the next link breaks) and a resurrected ballot', async () => {
    const g = await makeAssembly(t.database.db);
    const o = g.owners[0];
    const p = { agId: g.ag.id, coproId: g.copro.id, id: o.record.id };
    const b = { ...ballot(o), list_data: ballot(o).list_data.map((x, i) => ({ ...x, id: g.res[i].id })) };
    for (let i = 0; i < 3; i++) expect((await call(e.vote, p, o.headers, b)).statusCode).toBe(200);
    await t.database.db.execute(
      sql`update assemblee_records set digest = repeat('a', 64) where assemblee_id = ${g.ag.id} and seq = 3`,
    );
    expect((await chainReport(t.database.db, g.ag.id))[0].first_broken).toEqual({ seq: 3, reason: 'digest' });
    const h = await makeAssembly(t.database.db);
    const q = h.owners[0];
    const pq = { agId: h.ag.id, coproId: h.copro.id, id: q.record.id };
    const bq = { ...ballot(q), list_data: ballot(q).list_data.map((x, i) => ({ ...x, id: h.res[i].id })) };
    for (let i = 0; i < 2; i++) expect((await call(e.vote, pq, q.headers, bq)).statusCode).toBe(200);
    await t.database.db.execute(
      sql`update assemblee_records set current = false where assemblee_id = ${h.ag.id} and seq = 2`,
    );
    await t.database.db.execute(
      sql`update assemblee_records set current = true where assemblee_id = ${h.ag.id} and seq = 1`,
    );
    expect((await chainReport(t.database.db, h.ag.id))[0].first_broken).toEqual({
      seq: 1,
      reason: 'current',
    });
  });
});
