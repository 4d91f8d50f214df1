import { buildPath, type Endpoint } from '@tantieme/contract';
import { eq } from 'drizzle-orm';
import { coproprietes } from '../../../db/schema/index.js';
import { makeSignedInUser } from '../../../test/factories.js';
import { makeVotedBuilding } from '../../../test/factories.journal.js';
import { makeSyndicWithKey } from '../../../test/factories.syndic.js';
import { json, type TestApp } from '../../../test/harness.js';
import { adoptExternalIds, RES } from '../kit/index.js';

/**
 * The voted building of the money tests (decision 212), reachable two ways: by its volunteer
 * syndic signed in to the console, and by an API key of its syndic, its building, exercice, keys
 * and co-owners named by the console's external ids (`gestion-<id>`).
 */
export async function moneyWorld(t: TestApp) {
  const db = t.database.db;
  const { b } = await makeVotedBuilding(db);
  const volunteer = await makeSignedInUser(db, { first_name: 'Hélène', last_name: 'Moreau' });
  await db
    .update(coproprietes)
    .set({ syndic_benevole_user_id: volunteer.user.id })
    .where(eq(coproprietes.id, b.coproId));
  const key = await makeSyndicWithKey(db, ['read', 'write'], { id: b.syndicId });
  const ext = async (resource: string, id: string) =>
    (await adoptExternalIds(db, b.syndicId, resource, [id])).get(id) as string;
  const ids = {
    copro: await ext(RES.copropriete, b.coproId),
    year: await ext('financial_year', b.yearId),
    cg: await ext(RES.repartition, b.keys.cg),
    asc: await ext(RES.repartition, b.keys.asc),
    martin: await ext(RES.coproprietaire, b.owners.martin.id),
    leroy: await ext(RES.coproprietaire, b.owners.leroy.id),
    sci: await ext(RES.coproprietaire, b.owners.sci.id),
  };
  const consoleCall = async (e: Endpoint, params: Record<string, string> = {}, body?: object, query = '') => {
    const res = await t.app.inject({
      method: e.method as 'GET',
      url: `/api${buildPath(e.path, { coproId: b.coproId, ...params })}${query}`,
      headers: volunteer.headers,
      payload: body,
    });
    return { status: res.statusCode, body: json(res) };
  };
  const apiCall = async (
    e: Endpoint,
    params: Record<string, string>,
    body?: object,
    query = '',
    headers: Record<string, string> = key.headers,
  ) => {
    const res = await t.app.inject({
      method: e.method as 'GET',
      url: `/api${buildPath(e.path, params)}${query}`,
      headers,
      payload: body,
    });
    return { status: res.statusCode, body: json(res) };
  };
  return { b, ids, key, consoleCall, apiCall };
}
