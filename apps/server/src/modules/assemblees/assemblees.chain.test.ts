import { assembleeEndpoints as e } from '@tantieme/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeAssemblee } from '../../test/factories.assemblees.js';
import { json } from '../../test/harness.js';
import { chainReport, formatChainReport } from './chain.service.js';
import { ballot, call, castBallots, f, params, setUp, t } from './assemblees.fixture.js';

/** The ballot's receipt and the published chain, whose check finds any row altered in the database. */

beforeAll(async () => {
  await setUp();
  await castBallots();
});
afterAll(() => t.close());

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
    const g = await makeAssemblee(t.database.db);
    const o = g.owners[0];
    const p = { agId: g.ag.id, coproId: g.copro.id, id: o.record.id };
    const b = { ...ballot(o), list_data: ballot(o).list_data.map((x, i) => ({ ...x, id: g.res[i].id })) };
    for (let i = 0; i < 3; i++) expect((await call(e.vote, p, o.headers, b)).statusCode).toBe(200);
    await t.database.db.execute(
      sql`update assemblee_records set digest = repeat('a', 64) where assemblee_id = ${g.ag.id} and seq = 3`,
    );
    expect((await chainReport(t.database.db, g.ag.id))[0].first_broken).toEqual({ seq: 3, reason: 'digest' });
    const h = await makeAssemblee(t.database.db);
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
