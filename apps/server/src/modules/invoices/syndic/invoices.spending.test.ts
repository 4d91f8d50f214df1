import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chargeInvoices, coproprietaires } from '../../../db/schema/index.js';
import { makeSignedInUser } from '../../../test/factories.js';
import { makeSyndicWithKey } from '../../../test/factories.syndic.js';
import { createTestApp, json, type TestApp } from '../../../test/harness.js';

/**
 * Supplier invoices pushed with their dépenses booked to charges are the building's spending:
 * the co-owner's 'Budget de fonctionnement' shows them as 'Réalisé', once each, whatever the replays.
 */

let t: TestApp;
type H = Record<string, string>;
const call = async (method: 'GET' | 'PUT' | 'DELETE', url: string, headers: H, payload?: object) => {
  const res = await t.app.inject({
    method,
    url: url.startsWith('/api/') ? url : `/api/syndic/v1${url}`,
    headers,
    payload,
  });
  return { status: res.statusCode, body: json(res) };
};

let h: H;
let other: H;
let owner: { headers: H; coproId: string };

beforeAll(async () => {
  t = await createTestApp();
  const a = await makeSyndicWithKey(t.database.db);
  other = (await makeSyndicWithKey(t.database.db)).headers;
  h = a.headers;
  const year = new Date().getUTCFullYear();
  const put = async (url: string, body: object) => {
    const r = await call('PUT', url, h, body);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return r.body.data;
  };
  await put('/coproprietes/IMM', {
    name: 'Résidence Les Tilleuls',
    address: { full_address: '14 rue des Tilleuls 69003 Lyon' },
  });
  await put('/coproprietes/AUTRE', { name: 'Le Clos', address: { full_address: '1 rue B 69002 Lyon' } });
  await put('/lots/L1', { copropriete: 'IMM', number: '1', name: 'Appartement 1' });
  await put('/repartitions/CG', {
    copropriete: 'IMM',
    code: '001',
    name: 'Charges générales',
    total_tantieme: 1000,
    tantiemes: [{ lot: 'L1', tantieme: 1000 }],
  });
  await put('/charges/EAU', { copropriete: 'IMM', repartition: 'CG', code: '601', name: 'Eau froide' });
  await put('/charges/ENT', { copropriete: 'IMM', repartition: 'CG', code: '614', name: 'Entretien' });
  await put('/repartitions/CG2', {
    copropriete: 'AUTRE',
    code: '001',
    name: 'Générales',
    total_tantieme: 1000,
  });
  await put('/charges/AILLEURS', { copropriete: 'AUTRE', repartition: 'CG2', code: '601', name: 'Eau' });
  await put('/financial-years/EX', {
    copropriete: 'IMM',
    year,
    couple: String(year),
    start_date: `${year}-01-01`,
    end_date: `${year}-12-31`,
    budgets: [
      { charge: 'EAU', voted_cents: 300_000 },
      { charge: 'ENT', voted_cents: 200_000 },
    ],
  });
  const rec = await put('/coproprietaires/P1', { copropriete: 'IMM', last_name: 'Durand', lots: ['L1'] });
  const u = await makeSignedInUser(t.database.db);
  await t.database.db
    .update(coproprietaires)
    .set({ user_id: u.user.id, init_settings_done: true })
    .where(eq(coproprietaires.id, rec.id));
  owner = { headers: u.headers, coproId: rec.resource?.copropriete_id ?? '' };
  const [row] = await t.database.db.select().from(coproprietaires).where(eq(coproprietaires.id, rec.id));
  owner.coproId = row.copropriete_id;
});
afterAll(() => t.close());

const invoice = (date: string, depenses: object[]) => ({
  copropriete: 'IMM',
  invoice_date: date,
  amount_cents: 50_000,
  fournisseur_name: 'Eaux du Grand Lyon',
  depenses,
});
const realised = async () =>
  (await call('GET', `/api/finances/coproprietes/${owner.coproId}/budget-fonctionnement`, owner.headers)).body
    .data as { totalFixed: number; totalReality: number };

describe("supplier invoices booked to charges: the building's 'Réalisé'", () => {
  it('counts each booked dépense once in the exercice of its date, through replays, updates and deletion', async () => {
    const year = new Date().getUTCFullYear();
    const day = `${year}-03-15`;
    expect(await realised()).toMatchObject({ totalFixed: 500_000, totalReality: 0 });

    const body = invoice(day, [
      { charge_name: 'Eau froide', amount_ttc_cents: 30_000, repartitions: ['CG'], charge: 'EAU' },
      { charge_name: 'Entretien du compteur', amount_ttc_cents: 20_000, repartitions: ['CG'], charge: 'ENT' },
    ]);
    const first = await call('PUT', '/invoices/F1', h, body);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.data.resource.depenses.map((d: { charge?: string }) => d.charge).sort()).toEqual(
      ['ENT', 'EAU'].sort(),
    );
    expect(await realised()).toMatchObject({ totalReality: 50_000 });

    const again = await call('PUT', '/invoices/F1', h, body);
    expect(again.body.data.result).toBe('unchanged');
    expect(await realised()).toMatchObject({ totalReality: 50_000 });

    // One dépense no longer booked: only the other counts.
    const moved = await call(
      'PUT',
      '/invoices/F1',
      h,
      invoice(day, [
        { charge_name: 'Eau froide', amount_ttc_cents: 30_000, repartitions: ['CG'], charge: 'EAU' },
        { charge_name: 'Entretien du compteur', amount_ttc_cents: 20_000, repartitions: ['CG'] },
      ]),
    );
    expect(moved.body.data.result).toBe('updated');
    expect(await realised()).toMatchObject({ totalReality: 30_000 });

    expect((await call('DELETE', '/invoices/F1', h)).status).toBe(200);
    expect(await realised()).toMatchObject({ totalReality: 0 });
    const left = await t.database.db.select().from(chargeInvoices);
    expect(left).toEqual([]);
  });

  it('names a charge of another building, an unknown one, and a date no exercice covers (400, nothing written)', async () => {
    const year = new Date().getUTCFullYear();
    const foreign = await call(
      'PUT',
      '/invoices/F2',
      h,
      invoice(`${year}-03-15`, [
        { charge_name: 'Eau', amount_ttc_cents: 30_000, charge: 'AILLEURS' },
        { charge_name: 'Divers', amount_ttc_cents: 20_000, charge: 'NOPE' },
      ]),
    );
    expect(foreign.status).toBe(400);
    expect(Object.keys(foreign.body.errors).sort()).toEqual(['depenses.0.charge', 'depenses.1.charge']);
    const outside = await call(
      'PUT',
      '/invoices/F2',
      h,
      invoice(`${year - 3}-03-15`, [{ charge_name: 'Eau', amount_ttc_cents: 50_000, charge: 'EAU' }]),
    );
    expect(outside.status).toBe(400);
    expect(Object.keys(outside.body.errors)).toEqual(['invoice_date']);
    expect((await call('GET', '/invoices/F2', h)).status).toBe(404);
    // Another syndic's key neither sees nor books on this building's charges.
    const stranger = await call('PUT', '/invoices/F3', other, {
      ...invoice(`${year}-03-15`, [{ charge_name: 'Eau', amount_ttc_cents: 50_000, charge: 'EAU' }]),
      copropriete: 'IMM',
    });
    expect(stranger.status).toBe(400);
  });
});
