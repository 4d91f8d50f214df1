import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomToken, sha256 } from '../../lib/crypto.js';
import { makeCoproprietaire, makeCopropriete, makeSyndic } from '../../test/factories.js';
import { createTestApp, json, type TestApp } from '../../test/harness.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function syndicWithKey() {
  const key = randomToken();
  const syndic = await makeSyndic(t.database.db, { api_key_hash: sha256(key) });
  return { key, syndic };
}

describe('syndic API v1', () => {
  it('refuses a missing or wrong key with 401', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/syndic/v1/coproprietes' })).statusCode).toBe(401);
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/syndic/v1/coproprietes',
      headers: { 'x-api-key': 'x'.repeat(40) },
    });
    expect(res.statusCode).toBe(401);
  });

  it("lists only the key's syndic copropriétés", async () => {
    const { key, syndic } = await syndicWithKey();
    const mine = await makeCopropriete(t.database.db, { syndic_id: syndic.id, name: 'Résidence A' });
    await makeCoproprietaire(t.database.db, { copropriete_id: mine.id });
    await makeCopropriete(t.database.db, { name: 'Autre syndic' });
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/syndic/v1/coproprietes',
      headers: { 'x-api-key': key },
    });
    expect(res.statusCode).toBe(200);
    expect(json(res).data).toEqual([
      { id: mine.id, name: 'Résidence A', full_address: '1 rue de la Paix 75002 Paris', coproprietaires: 1 },
    ]);
  });

  it('issues a preview token that reads its record only, and never for another syndic', async () => {
    const { key, syndic } = await syndicWithKey();
    const copro = await makeCopropriete(t.database.db, { syndic_id: syndic.id });
    const rec = await makeCoproprietaire(t.database.db, { copropriete_id: copro.id });
    const foreign = await makeCoproprietaire(t.database.db);
    const denied = await t.app.inject({
      method: 'POST',
      url: `/api/syndic/v1/coproprietaires/${foreign.id}/preview-token`,
      headers: { 'x-api-key': key },
    });
    expect(denied.statusCode).toBe(404);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/syndic/v1/coproprietaires/${rec.id}/preview-token`,
      headers: { 'x-api-key': key },
    });
    expect(res.statusCode).toBe(200);
    const { token, url } = json(res).data;
    expect(url).toContain(`/syndic-preview/${rec.id}/home?spt=`);
    const stored = await t.database.db.query.previewTokens.findFirst();
    expect(stored?.token_hash).toBe(sha256(token));
  });
});
