import { expect } from 'vitest';
import { makeCoproprietaire, makeSignedInUser } from '../../test/factories.js';
import { makeSyndicWithKey } from '../../test/factories.syndic.js';
import { json, type TestApp } from '../../test/harness.js';

/** A carnet as the syndic API takes it (décret 2001-477 art. 3), every contract with its end date. */
export const carnet = {
  copropriete: 'C1',
  construction_year: 1974,
  insurance_contracts: [
    {
      kind: 'Multirisque immeuble',
      insurer: "Mutuelle Rhodanienne d'Assurances",
      policy_number: 'MRI 2019 08 4471',
      expires_on: '2026-12-31',
    },
  ],
  maintenance_contracts: [
    {
      equipment: 'Ascenseurs',
      contractor: 'Otis – Agence Lyon Est',
      reference: 'OTIS-2018-0457',
      expires_on: '2027-03-31',
    },
  ],
  major_works: [
    { year: 2016, nature: "Réfection de l'étanchéité de la toiture", contractor: 'Étanchéité du Rhône' },
    { year: 2018, nature: 'Mise aux normes des ascenseurs', contractor: 'Otis' },
  ],
  works_plan: {
    adopted_on: '2026-06-20',
    items: [{ year: 2027, nature: 'Ravalement de la façade sur rue', estimated_cents: 6_480_000 }],
  },
  dtg_works: [
    {
      work: 'Ravalement de la façade sur cour',
      planned_year: 2029,
      estimated_cents: 4_200_000,
      status: 'A_VOTER',
    },
    {
      work: "Remplacement des colonnes d'eau",
      planned_year: 2027,
      estimated_cents: 3_150_000,
      status: 'VOTE',
    },
  ],
};

/** A syndic with its key, a building pushed through the API, a council member and an ordinary owner. */
export async function building(app: TestApp) {
  const db = app.database.db;
  const s = await makeSyndicWithKey(db);
  const api = (method: 'GET' | 'PUT' | 'POST', url: string, payload?: object, headers = s.headers) =>
    app.app.inject({ method, url: `/api/syndic/v1${url}`, headers, payload });
  const copro = await api('PUT', '/coproprietes/C1', {
    name: 'Résidence Les Tilleuls',
    address: { full_address: '12 rue des Tilleuls 69003 Lyon' },
  });
  expect(copro.statusCode).toBe(200);
  const coproId = json(copro).data.id as string;
  const member = async (council: boolean) => {
    const u = await makeSignedInUser(db);
    const rec = await makeCoproprietaire(db, {
      copropriete_id: coproId,
      user_id: u.user.id,
      is_member_syndicat: council,
    });
    return { ...u, rec };
  };
  return { s, api, coproId, council: await member(true), owner: await member(false) };
}
