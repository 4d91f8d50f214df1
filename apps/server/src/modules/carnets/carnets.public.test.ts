import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assemblees, carnetsEntretien, files } from '../../db/schema/index.js';
import { makeSignedInUser } from '../../test/factories.js';
import { createTestApp, json, type TestApp } from '../../test/harness.js';
import { building, carnet } from './carnets.fixtures.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const read = (w: { rec: { id: string }; headers: Record<string, string> }) =>
  t.app.inject({
    method: 'GET',
    url: `/api/coproprietaires/${w.rec.id}/carnet-entretien/lecture`,
    headers: w.headers,
  });

// Décret n° 2019-502 du 23 mai 2019, art. 1, 3°: the carnet is among the documents every
// co-owner has online; the council's working view keeps IS_SYNDICAT (SPEC §2.1).
describe("carnet d'entretien, read-only for every co-owner of the building", () => {
  it('an ordinary co-owner reads it (with the DTG works); the council view stays closed to them', async () => {
    const b = await building(t);
    let res = await read(b.owner);
    expect(res.statusCode).toBe(200);
    expect(json(res).data).toEqual({ carnet: null });

    expect((await b.api('PUT', '/carnets-entretien/K1', carnet)).statusCode).toBe(200);
    res = await read(b.owner);
    expect(res.statusCode).toBe(200);
    const c = json(res).data.carnet;
    expect(c.building.name).toBe('Résidence Les Tilleuls');
    expect(c.maintenance_contracts[0].expires_on).toBe('2027-03-31');
    // The DTG list in the order of the planned years.
    expect(c.dtg_works.map((w: { planned_year: number }) => w.planned_year)).toEqual([2027, 2029]);
    expect(c.dtg_works[0]).toEqual(carnet.dtg_works[1]);

    const council = await t.app.inject({
      method: 'GET',
      url: `/api/coproprietaires/${b.owner.rec.id}/carnet-entretien`,
      headers: b.owner.headers,
    });
    expect(council.statusCode).toBe(404);
  });

  it('a user of another building gets 404, whatever record id they try', async () => {
    const a = await building(t);
    await a.api('PUT', '/carnets-entretien/K1', carnet);
    const other = await building(t);
    const res = await read({ rec: a.owner.rec, headers: other.owner.headers });
    expect(res.statusCode).toBe(404);
    expect(json(res).code).toBe('NOT_FOUND');
    const stranger = await makeSignedInUser(t.database.db);
    expect((await read({ rec: a.council.rec, headers: stranger.headers })).statusCode).toBe(404);
    // Their own record reads their own building's carnet (none written): never the other's.
    expect(json(await read(other.owner)).data).toEqual({ carnet: null });
  });

  it('shows a contract stored before the end date was required with a null date', async () => {
    const b = await building(t);
    await b.api('PUT', '/carnets-entretien/K1', carnet);
    await t.database.db
      .update(carnetsEntretien)
      .set({
        maintenance_contracts: [
          { equipment: 'Portail', contractor: 'Came', reference: 'P-1', expires_on: null },
        ],
      })
      .where(eq(carnetsEntretien.copropriete_id, b.coproId));
    const res = await read(b.owner);
    expect(res.statusCode).toBe(200);
    expect(json(res).data.carnet.maintenance_contracts[0].expires_on).toBeNull();
    // The syndic API shows it back as stored, and a re-send must now carry the date.
    const got = await b.api('GET', '/carnets-entretien/K1');
    expect(got.statusCode).toBe(200);
    expect(json(got).data.maintenance_contracts[0].expires_on).toBeNull();
  });
});

// Décret n° 2001-477 du 30 mai 2001, art. 3, 3° and 5°: the contracts' 'échéance'.
describe("the syndic API requires the contracts' end dates and validates the DTG list", () => {
  it.each([
    [
      'insurance contract without end date',
      { insurance_contracts: [{ ...carnet.insurance_contracts[0], expires_on: undefined }] },
      'insurance_contracts.0.expires_on',
      'Date de fin du contrat obligatoire (AAAA-MM-JJ).',
    ],
    [
      'maintenance contract with a null end date',
      { maintenance_contracts: [{ ...carnet.maintenance_contracts[0], expires_on: null }] },
      'maintenance_contracts.0.expires_on',
      'Date de fin du contrat obligatoire (AAAA-MM-JJ).',
    ],
    [
      'DTG work without its cost',
      { dtg_works: [{ work: 'Toiture', planned_year: 2028, status: 'A_VOTER' }] },
      'dtg_works.0.estimated_cents',
      'Montant en centimes attendu (nombre entier).',
    ],
    [
      'DTG work with a cost in euros and cents',
      { dtg_works: [{ work: 'Toiture', planned_year: 2028, estimated_cents: 12.5, status: 'VOTE' }] },
      'dtg_works.0.estimated_cents',
      'Montant en centimes (entier).',
    ],
    [
      'DTG work with an unknown status',
      { dtg_works: [{ work: 'Toiture', planned_year: 2028, estimated_cents: 100, status: 'FINI' }] },
      'dtg_works.0.status',
      'Statut attendu\u202f: A_VOTER, VOTE, EN_COURS, REALISE, NON_RETENU.',
    ],
    [
      'DTG work without a planned year',
      { dtg_works: [{ work: 'Toiture', estimated_cents: 100, status: 'VOTE' }] },
      'dtg_works.0.planned_year',
      'Année attendue (nombre entier).',
    ],
  ])('%s: 400 on %s, nothing written', async (_label, change, field, message) => {
    const b = await building(t);
    const res = await b.api('PUT', '/carnets-entretien/K1', { ...carnet, ...change });
    expect(res.statusCode).toBe(400);
    expect(json(res).errors).toEqual({ [field]: message });
    const rows = await t.database.db
      .select()
      .from(carnetsEntretien)
      .where(eq(carnetsEntretien.copropriete_id, b.coproId));
    expect(rows).toEqual([]);
  });

  it('stores the DTG list and shows it back; the same PUT again is unchanged', async () => {
    const b = await building(t);
    expect(json(await b.api('PUT', '/carnets-entretien/K1', carnet)).data.result).toBe('created');
    expect(json(await b.api('GET', '/carnets-entretien/K1')).data.dtg_works).toEqual(carnet.dtg_works);
    expect(json(await b.api('PUT', '/carnets-entretien/K1', carnet)).data.result).toBe('unchanged');
    const done = {
      ...carnet,
      dtg_works: [{ ...carnet.dtg_works[1], status: 'REALISE' }, carnet.dtg_works[0]],
    };
    expect(json(await b.api('PUT', '/carnets-entretien/K1', done)).data.result).toBe('updated');
  });
});

// Décret n° 2019-502, art. 1, 3° and 8°, as the syndic's checklist reads them.
describe('the décret 2019-502 checklist reads the built-in carnet and the last three assemblies', () => {
  const checklist = async (b: Awaited<ReturnType<typeof building>>) => {
    const res = await b.api('GET', '/coproprietes/C1/document-checklist');
    expect(res.statusCode).toBe(200);
    const items = json(res).data.items as { code: string }[];
    return Object.fromEntries(items.map((i) => [i.code, i])) as Record<string, Record<string, unknown>>;
  };

  it('counts the built-in carnet once it has content', async () => {
    const b = await building(t);
    expect((await checklist(b)).carnet_entretien).toMatchObject({ status: 'missing', document: null });
    await b.api('PUT', '/carnets-entretien/K1', {
      copropriete: 'C1',
      insurance_contracts: [],
      maintenance_contracts: [],
      major_works: [],
    });
    expect((await checklist(b)).carnet_entretien).toMatchObject({ status: 'missing', document: null });
    await b.api('PUT', '/carnets-entretien/K1', carnet);
    expect((await checklist(b)).carnet_entretien).toMatchObject({
      status: 'present',
      document: { name: "Carnet d'entretien en ligne" },
    });
  });

  it('checks the PV of each of the last three assemblies held', async () => {
    const b = await building(t);
    const db = t.database.db;
    const [pv] = await db
      .insert(files)
      .values({ storage_key: `pv-${b.coproId}`, name: 'pv.pdf', content_type: 'application/pdf', size: 10 })
      .returning();
    const ag = (year: number, withPv: boolean) => ({
      copropriete_id: b.coproId,
      name: `AG ${year}`,
      year,
      date: new Date(`${year}-06-15T16:00:00Z`),
      pv_file_id: withPv ? pv!.id : null,
    });
    const thisYear = new Date().getUTCFullYear();
    await db
      .insert(assemblees)
      .values([
        ag(thisYear - 4, false),
        ag(thisYear - 3, true),
        ag(thisYear - 2, false),
        ag(thisYear - 1, true),
      ]);
    // One not yet held: not counted.
    await db.insert(assemblees).values({ ...ag(thisYear + 1, false) });
    const item = (await checklist(b)).pv_ag!;
    expect(item.status).toBe('missing');
    expect(
      (item.assemblies as { year: number; status: string }[]).map((a) => `${a.year}:${a.status}`),
    ).toEqual([`${thisYear - 1}:present`, `${thisYear - 2}:missing`, `${thisYear - 3}:present`]);
  });
});
