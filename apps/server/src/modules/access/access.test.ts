import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coproprietaireEndpoints } from '@tantieme/contract';
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
