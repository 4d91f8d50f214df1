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
