import { makeCoproprietaire, makeSignedInUser } from '../../../test/factories.js';
import { makeSyndicWithKey } from '../../../test/factories.syndic.js';
import { json, type TestApp } from '../../../test/harness.js';

/**
 * The staff tests' world: a syndic with its key and a building pushed through the API, a council
 * member and an owner, each signed in.
 */
export function staffFixture(app: () => TestApp) {
  let n = 0;
  async function syndic() {
    const t = app();
    const db = t.database.db;
    const s = await makeSyndicWithKey(db);
    const api = (method: 'GET' | 'PUT' | 'POST', url: string, payload?: object, headers = s.headers) =>
      t.app.inject({ method, url: `/api/syndic/v1${url}`, headers, payload });
    const copro = await api('PUT', '/coproprietes/C1', {
      name: 'Résidence Les Tilleuls',
      address: { full_address: '12 rue des Tilleuls 69003 Lyon' },
    });
    const coproId = json(copro).data.id as string;
    const member = async (council: boolean, name: string) => {
      const u = await makeSignedInUser(db);
      const rec = await makeCoproprietaire(db, {
        copropriete_id: coproId,
        user_id: u.user.id,
        is_member_syndicat: council,
        name,
      });
      return { ...u, rec };
    };
    n += 1;
    return {
      s,
      api,
      coproId,
      email: `s.garnier.${n}@lefevre-immobilier.fr`,
      council: await member(true, 'Mme Claire Martin'),
      owner: await member(false, 'M. Paul Durand'),
    };
  }
  const staffBody = (email: string) => ({ first_name: 'Sophie', last_name: 'Garnier', email });
  const signIn = (email: string, password: string) =>
    app().app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
  return { syndic, staffBody, signIn };
}
