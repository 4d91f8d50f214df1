import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { syndicAuditLog, syndicExternalRefs } from '../../../db/schema/index.js';
import { makeCoproprietaire, makeSignedInUser } from '../../../test/factories.js';
import { makeSyndicWithKey } from '../../../test/factories.syndic.js';
import { createTestApp, json, type TestApp } from '../../../test/harness.js';
import { consoleCall, makeStaff } from '../../console/console.fixture.js';

/**
 * A co-owner named syndic bénévole of their building (loi 1965 art. 17-2), through the syndic API
 * or by the syndic's administrateur in the console: the console opens for that building only, and
 * closes when the mandate ends; each change is one audit line on the building.
 */

let t: TestApp;
let s: Awaited<ReturnType<typeof makeSyndicWithKey>>;
let coproId: string;
let helene: Awaited<ReturnType<typeof makeSignedInUser>>;
let heleneRecord: string;
let paulRecord: string;
beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  s = await makeSyndicWithKey(db);
  const api = (method: 'PUT', url: string, payload: object) =>
    t.app.inject({ method, url: `/api/syndic/v1${url}`, headers: s.headers, payload });
  coproId = json(
    await api('PUT', '/coproprietes/LILAS', {
      name: 'Les Lilas',
      address: { full_address: '3 rue des Lilas 69003 Lyon' },
    }),
  ).data.id;
  helene = await makeSignedInUser(db, { first_name: 'Hélène', last_name: 'Moreau' });
  heleneRecord = (
    await makeCoproprietaire(db, { copropriete_id: coproId, user_id: helene.user.id, name: 'Moreau Hélène' })
  ).id;
  paulRecord = (await makeCoproprietaire(db, { copropriete_id: coproId, name: 'Durand Paul' })).id;
  await db.insert(syndicExternalRefs).values([
    {
      syndic_id: s.syndic.id,
      resource: 'coproprietaire',
      external_id: 'CP-HELENE',
      internal_id: heleneRecord,
    },
    { syndic_id: s.syndic.id, resource: 'coproprietaire', external_id: 'CP-PAUL', internal_id: paulRecord },
  ]);
});
afterAll(() => t.close());

const benevoleUrl = '/api/syndic/v1/coproprietes/LILAS/syndic-benevole';
const me = () => consoleCall(t)('GET', '/gestion/moi', helene.headers);

describe('the volunteer syndic of a building', () => {
  it('is named through the syndic API: the console opens for that building, one audit line', async () => {
    expect((await me()).statusCode).toBe(404);
    const res = await t.app.inject({
      method: 'PUT',
      url: benevoleUrl,
      headers: s.headers,
      payload: { coproprietaire: 'CP-HELENE' },
    });
    expect(res.statusCode).toBe(200);
    expect(json(res).data).toEqual({
      copropriete: 'LILAS',
      coproprietaire: 'CP-HELENE',
      display_name: 'Moreau Hélène',
    });
    const console = json(await me()).data;
    expect(console).toMatchObject({ kind: 'benevole', role: 'benevole' });
    expect(console.buildings).toEqual([{ id: coproId, name: 'Les Lilas' }]);
    const lines = await t.database.db
      .select()
      .from(syndicAuditLog)
      .where(and(eq(syndicAuditLog.syndic_id, s.syndic.id), eq(syndicAuditLog.resource_id, coproId)));
    expect(lines.map((l) => [l.action, l.changes])).toContainEqual([
      'updated',
      { syndic_benevole: { before: null, after: 'CP-HELENE' } },
    ]);
  });

  it('refuses a co-owner without an account (409, in French) and an unknown one (404)', async () => {
    const put = (coproprietaire: string) =>
      t.app.inject({ method: 'PUT', url: benevoleUrl, headers: s.headers, payload: { coproprietaire } });
    const noAccount = await put('CP-PAUL');
    expect(noAccount.statusCode).toBe(409);
    expect(json(noAccount).message).toContain("n'a pas encore de compte");
    expect((await put('CP-INCONNU')).statusCode).toBe(404);
  });

  it("is revoked by the syndic's administrateur in the console: the console closes at once", async () => {
    const admin = await makeStaff(t.database.db, s.syndic.id, 'administrateur');
    const gestionnaire = await makeStaff(t.database.db, s.syndic.id, 'gestionnaire', [coproId]);
    const url = `/gestion/coproprietes/${coproId}/syndic-benevole`;
    const call = consoleCall(t);
    expect((await call('DELETE', url, gestionnaire.headers)).statusCode).toBe(403);
    const res = await call('DELETE', url, admin.headers);
    expect(json(res).data).toMatchObject({ coproprietaire: null });
    expect((await me()).statusCode).toBe(404);
    // Named again from the console, by our ids.
    const again = await call('PUT', url, admin.headers, { coproprietaire_id: heleneRecord });
    expect(json(again).data.coproprietaire).toBe('CP-HELENE');
    expect((await me()).statusCode).toBe(200);
  });

  it("answers 404 to another syndic's key", async () => {
    const other = await makeSyndicWithKey(t.database.db);
    const res = await t.app.inject({ method: 'DELETE', url: benevoleUrl, headers: other.headers });
    expect(res.statusCode).toBe(404);
  });
});
