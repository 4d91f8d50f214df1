import { READS_MAX } from '@tantieme/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeCopropriete, makeCoproprietaire, makeSignedInUser } from '../../test/factories.js';
import { createTestApp, json, type TestApp } from '../../test/harness.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Item = { url: string; status: number; body: unknown };

/**
 * POST /api/reads: several GET reads in one request. Each must be answered exactly as
 * if the caller had sent it alone: same status, same envelope, same access rules.
 */
describe('POST /api/reads', () => {
  async function owner() {
    const db = t.database.db;
    const copro = await makeCopropriete(db);
    const me = await makeSignedInUser(db);
    const record = await makeCoproprietaire(db, { user_id: me.user.id, copropriete_id: copro.id });
    return { copro, me, record };
  }
  const reads = (headers: Record<string, string>, urls: unknown) =>
    t.app.inject({ method: 'POST', url: '/api/reads', headers, payload: { urls } });

  it('answers each read as the same GET alone would, in the order asked', async () => {
    const { copro, me, record } = await owner();
    const urls = [
      '/api/accounts/profile',
      '/api/coproprietaires/all',
      `/api/coproprietaires/${copro.id}/${record.id}/lots`,
      `/api/coproprietaires/${record.id}/messages/unread-count`,
      `/api/coproprietaires/notifications/unread-count?coproprietaire_id=${record.id}`,
    ];
    const res = await reads(me.headers, urls);
    expect(res.statusCode).toBe(200);
    const items = json(res).data as Item[];
    expect(items.map((i) => i.url)).toEqual(urls);
    for (const [k, url] of urls.entries()) {
      const alone = await t.app.inject({ method: 'GET', url, headers: me.headers });
      expect(items[k].status).toBe(alone.statusCode);
      expect(items[k].status).toBe(200);
      expect(items[k].body).toEqual(json(alone));
    }
  });

  it("another user's record gets its 404 inside, and the caller's own reads still answer", async () => {
    const { copro, record } = await owner();
    const stranger = await makeSignedInUser(t.database.db);
    const res = await reads(stranger.headers, [
      `/api/coproprietaires/${copro.id}/${record.id}/lots`,
      `/api/coproprietaires/${record.id}/messages/unread-count`,
      '/api/accounts/profile',
    ]);
    expect(res.statusCode).toBe(200);
    const items = json(res).data as Item[];
    expect(items.map((i) => i.status)).toEqual([404, 404, 200]);
    expect(items[0].body).toMatchObject({ success: false, code: 'NOT_FOUND' });
    expect(JSON.stringify(items[0].body)).not.toContain(record.name);
    expect((items[2].body as { data: { id: string } }).data.id).toBe(stranger.user.id);
  });

  it('needs a session itself: without one, 401 and no read runs', async () => {
    const { copro, record } = await owner();
    const res = await reads({}, [`/api/coproprietaires/${copro.id}/${record.id}/lots`]);
    expect(res.statusCode).toBe(401);
    expect(json(res)).toMatchObject({ success: false });
  });

  it('a session revoked meanwhile answers 401 inside too', async () => {
    const { me } = await owner();
    // The outer call is checked first; a revoked token never reaches the reads.
    await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: me.headers });
    const res = await reads(me.headers, ['/api/accounts/profile']);
    expect(res.statusCode).toBe(401);
  });

  it('rejects, naming the field, what is not a co-owner API read, and runs nothing', async () => {
    const { me } = await owner();
    for (const urls of [
      [],
      ['/api/reads'],
      ['/api/reads?x=1'],
      ['/api/syndic/v1/coproprietes'],
      ['https://example.org/api/accounts/profile'],
      ['/files/x.pdf'],
      ['/api/../files/x.pdf'],
      ['/api/accounts/profile#x'],
      ['/api/accounts/profile\\..'],
      ['/api/accounts/profile', 'accounts/profile'],
      Array.from({ length: READS_MAX + 1 }, () => '/api/accounts/profile'),
      'not a list',
    ]) {
      const res = await reads(me.headers, urls);
      expect(res.statusCode, JSON.stringify(urls)).toBe(400);
      expect(json(res).success).toBe(false);
      expect(JSON.stringify(json(res))).toContain('urls');
    }
  });

  it('only reads: a path that exists only as a POST answers 404 inside, and nothing is written', async () => {
    const { me } = await owner();
    const res = await reads(me.headers, ['/api/auth/logout']);
    expect(res.statusCode).toBe(200);
    expect((json(res).data as Item[])[0].status).toBe(404);
    // The session is still live: the logout did not run.
    const profile = await t.app.inject({ method: 'GET', url: '/api/accounts/profile', headers: me.headers });
    expect(profile.statusCode).toBe(200);
  });
});
