import { assembleeEndpoints as e } from '@tantieme/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { votes } from '../../db/schema/index.js';
import { makeAssemblee } from '../../test/factories.assemblees.js';
import { makeCoproprietaire, makeSignedInUser } from '../../test/factories.js';
import { makePreviewToken } from '../../test/factories.synthese.js';
import { json } from '../../test/harness.js';
import { ballot, call, f, params, setUp, t } from './assemblees.fixture.js';

/** The co-owner's assemblies: the list, the detail, the convocation and the meeting link, behind the access guard. */

beforeAll(setUp);
afterAll(() => t.close());

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
    const g = await makeAssemblee(t.database.db, { convocation: false, visio: null });
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
    const g = await makeAssemblee(t.database.db);
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
