import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { coproprietaires, coproprietes } from '../../db/schema/index.js';
import { coproprietaireEndpoints } from '@tantieme/contract';
import { makePreviewToken } from '../../test/factories.coproprietaire.js';
import { makeFinanceOwner } from '../../test/factories.finances.js';
import { makeCoproprietaire, makeSignedInUser } from '../../test/factories.js';
import { createTestApp, json, type TestApp } from '../../test/harness.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('co-owner records and the access guard', () => {
  it("lists only the signed-in user's records", async () => {
    const a = await makeSignedInUser(t.database.db);
    const b = await makeSignedInUser(t.database.db);
    const mine = await makeCoproprietaire(t.database.db, { user_id: a.user.id, is_member_syndicat: true });
    await makeCoproprietaire(t.database.db, { user_id: b.user.id });
    const res = await t.app.inject({
      method: 'GET',
      url: `/api${coproprietaireEndpoints.all.path}`,
      headers: a.headers,
    });
    expect(res.statusCode).toBe(200);
    const list = json(res).data;
    expect(list.map((r: { id: string }) => r.id)).toEqual([mine.id]);
    expect(list[0].is_member_syndicat).toBe(true);
    expect(list[0].coproprietes[0].syndic_disable).toBe(false);
  });

  it('requires a session', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/coproprietaires/all' });
    expect(res.statusCode).toBe(401);
  });
});

// The session statement also reads what the guard needs for the id the path names (http/auth.ts):
// a record's id, or a copropriété's (the user's record there). The guard's rules are unchanged.
describe('the guard with the record read by the session statement', () => {
  it('answers a record or a copropriété of the user, 404 for anyone else, 401 once the session is revoked', async () => {
    const db = t.database.db;
    const a = await makeSignedInUser(db);
    const b = await makeSignedInUser(db);
    const mine = await makeCoproprietaire(db, { user_id: a.user.id });
    const theirs = await makeCoproprietaire(db, { user_id: b.user.id });
    const get = (url: string, headers: Record<string, string>) =>
      t.app.inject({ method: 'GET', url: `/api${url}`, headers });

    // A record's id under a path parameter named coproId (SPEC §7 own documents).
    expect((await get(`/documents/${mine.id}/types/AUTRE`, a.headers)).statusCode).toBe(200);
    expect((await get(`/documents/${theirs.id}/types/AUTRE`, a.headers)).statusCode).toBe(404);
    // A copropriété's id: the user's record in it, or 404 where they hold none.
    expect(
      (await get(`/coproprietaires/coproprietes/${mine.copropriete_id}/syndic-info`, a.headers)).statusCode,
    ).toBe(200);
    expect(
      (await get(`/coproprietaires/coproprietes/${theirs.copropriete_id}/syndic-info`, a.headers)).statusCode,
    ).toBe(404);
    // Both ids in the path: the record must be in that copropriété.
    expect(
      (await get(`/coproprietaires/${theirs.copropriete_id}/${mine.id}/lots`, a.headers)).statusCode,
    ).toBe(404);
    expect((await get(`/coproprietaires/${mine.copropriete_id}/${mine.id}/lots`, a.headers)).statusCode).toBe(
      200,
    );

    await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: a.headers });
    expect((await get(`/documents/${mine.id}/types/AUTRE`, a.headers)).statusCode).toBe(401);
  });
});

// Routes marked `sessionRead` read their data in the session's statement and decide after it
// (access.service readAs…): the same answers as every other guarded route.
describe('a route read with the session (sessionRead)', () => {
  it('answers its rows to the holder and a preview, 404 to anyone else, 401 to a dead session', async () => {
    const db = t.database.db;
    const w = await makeFinanceOwner(db);
    const b = await makeSignedInUser(db);
    const stranger = await makeCoproprietaire(db, { user_id: b.user.id });
    const copro = await db.query.coproprietes.findFirst({ where: (c, { eq }) => eq(c.id, w.coproId) });
    const get = (url: string, headers: Record<string, string> = {}) =>
      t.app.inject({ method: 'GET', url: `/api${url}`, headers });
    const bills = (coproId: string, id: string) =>
      `/finances/coproprietes/${coproId}/coproprietaires/${id}/paid-bills`;
    const messages = (id: string, q = '') => `/coproprietaires/${id}/get-messages${q}`;

    const mine = await get(bills(w.coproId, w.rec.id), w.owner.headers);
    expect(mine.statusCode).toBe(200);
    expect(json(mine).data.length).toBeGreaterThan(0);
    expect((await get(messages(w.rec.id), w.owner.headers)).statusCode).toBe(200);
    // Another user, their own record under the wrong copropriété: 404; a malformed id: 400.
    expect((await get(bills(w.coproId, w.rec.id), b.headers)).statusCode).toBe(404);
    expect((await get(messages(w.rec.id), b.headers)).statusCode).toBe(404);
    expect((await get(bills(w.coproId, stranger.id), b.headers)).statusCode).toBe(404);
    expect((await get(messages('not-an-id'), w.owner.headers)).statusCode).toBe(400);
    // The syndic's read-only preview of that record, without a session.
    const preview = await makePreviewToken(db, copro!.syndic_id, w.rec.id);
    const seen = await get(bills(w.coproId, w.rec.id), preview);
    expect(seen.statusCode).toBe(200);
    expect(json(seen).data).toEqual(json(mine).data);
    // The bill breakdown (a POST): its allowed lots come from the session's own user, or from
    // the one record a preview grants when there is no session.
    const details = (headers: Record<string, string>) =>
      t.app.inject({
        method: 'POST',
        url: `/api/finances/coproprietes/${w.coproId}/bills/${w.bills.q2.id}/get-details-provision-bill`,
        headers,
        payload: { lot_ids: [w.lotA.id] },
      });
    const breakdown = await details(w.owner.headers);
    expect(breakdown.statusCode).toBe(200);
    expect(json(await details(preview)).data).toEqual(json(breakdown).data);
    expect((await details(b.headers)).statusCode).toBe(404);
    expect((await details(await makePreviewToken(db, copro!.syndic_id, stranger.id))).statusCode).toBe(404);

    // No token, an unknown one, a bad query with an unknown one, a revoked session: 401.
    const nobody = { authorization: 'Bearer nobody' };
    expect((await get(messages(w.rec.id))).statusCode).toBe(401);
    expect((await get(messages(w.rec.id), nobody)).statusCode).toBe(401);
    expect((await get(messages(w.rec.id, '?page_size=1000'), nobody)).statusCode).toBe(401);
    expect((await get(messages('not-an-id'), nobody)).statusCode).toBe(401);
    expect((await get(messages(w.rec.id, '?page_size=1000'), w.owner.headers)).statusCode).toBe(400);
    // A copropriété-level read with the §6 scope read in the same statement: supplier invoices
    // shown to the council only (scope '2'); a plain co-owner, a stranger, another syndic: 404.
    await db
      .update(coproprietes)
      .set({ settings: { show_invoice: '1', show_invoice_scope: '2' } })
      .where(eq(coproprietes.id, w.coproId));
    const invoices = (syndicId: string) => `/invoices/syndics/${syndicId}/coproprietes/${w.coproId}/saisies`;
    expect((await get(invoices(copro!.syndic_id), w.owner.headers)).statusCode).toBe(404);
    await db
      .update(coproprietaires)
      .set({ is_member_syndicat: true })
      .where(eq(coproprietaires.id, w.rec.id));
    expect((await get(invoices(copro!.syndic_id), w.owner.headers)).statusCode).toBe(200);
    expect((await get(invoices(copro!.syndic_id), b.headers)).statusCode).toBe(404);
    expect((await get(invoices(stranger.id), w.owner.headers)).statusCode).toBe(404);

    await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: w.owner.headers });
    expect((await get(bills(w.coproId, w.rec.id), w.owner.headers)).statusCode).toBe(401);
    expect((await get(invoices(copro!.syndic_id), w.owner.headers)).statusCode).toBe(401);
    expect((await details(w.owner.headers)).statusCode).toBe(401);
  });
});
