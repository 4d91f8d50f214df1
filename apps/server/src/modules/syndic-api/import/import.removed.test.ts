import { importRejected } from '@tantieme/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeSyndicWithKey } from '../../../test/factories.syndic.js';
import { createTestApp, json, type TestApp } from '../../../test/harness.js';

/**
 * A back office replays its whole portfolio every night, co-owners removed or anonymised in the
 * product included: their items are set aside and reported, the rest of their building goes in.
 */

let t: TestApp;
let headers: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp();
  headers = (await makeSyndicWithKey(t.database.db)).headers;
});
afterAll(() => t.close());

const post = (payload: unknown) =>
  t.app.inject({ method: 'POST', url: '/api/syndic/v1/import', headers, payload: payload as object });

function building(lotName = 'Appartement 3') {
  const owner = (n: number, last: string) => ({
    external_id: `R-C${n}`,
    copropriete: 'R-IMM',
    first_name: 'Claire',
    last_name: last,
    lots: [`R-L${n}`],
  });
  return {
    coproprietes: [
      {
        external_id: 'R-IMM',
        name: 'Résidence Les Acacias',
        address: { full_address: '3 rue des Acacias 69003 Lyon', city: 'Lyon', zip_code: '69003' },
      },
    ],
    lots: [1, 2, 3].map((n) => ({
      external_id: `R-L${n}`,
      copropriete: 'R-IMM',
      number: String(n),
      name: n === 3 ? lotName : `Appartement ${n}`,
    })),
    coproprietaires: [owner(1, 'Martin'), owner(2, 'Durand'), owner(3, 'Petit')],
    ledger_lines: [
      {
        external_id: 'R-E1',
        coproprietaire: 'R-C1',
        date: '2026-10-01',
        name: 'Appel de fonds – 4e trimestre 2026',
        amount_type: 'debit',
        amount_cents: 81125,
      },
    ],
  };
}

describe('POST /syndic/v1/import with co-owners removed or anonymised in the product', () => {
  it('sets their items aside, names why, and writes the rest of the building', async () => {
    expect((await post(building())).statusCode).toBe(200);
    const call = (method: 'DELETE' | 'POST', url: string) =>
      t.app.inject({ method, url: `/api/syndic/v1${url}`, headers });
    expect((await call('DELETE', '/coproprietaires/R-C1')).statusCode).toBe(200);
    expect((await call('DELETE', '/coproprietaires/R-C2')).statusCode).toBe(200);
    expect((await call('POST', '/coproprietaires/R-C2/anonymise')).statusCode).toBe(200);

    // The nightly replay, unchanged but for one lot renamed.
    const res = await post(building('Appartement 3 et cave'));
    expect(res.statusCode, res.body).toBe(200);
    const r = json(res).data;
    expect(r.ok).toBe(true);
    expect(r.buildings).toContainEqual({ copropriete: 'R-IMM', status: 'imported', items: 8 });
    expect(r.counts.lots).toMatchObject({ updated: 1, unchanged: 2, rejected: 0 });
    expect(r.counts.coproprietaires).toMatchObject({ unchanged: 1, skipped: 2, error: 0, rejected: 0 });
    expect(r.counts.ledger_lines).toMatchObject({ unchanged: 1, error: 0 });
    expect(r.skipped).toEqual([
      {
        resource: 'coproprietaires',
        index: 0,
        external_id: 'R-C1',
        reason: 'removed',
        message: expect.stringContaining('/coproprietaires/R-C1/restore'),
      },
      {
        resource: 'coproprietaires',
        index: 1,
        external_id: 'R-C2',
        reason: 'anonymised',
        message: expect.stringMatching(/anonymisé/),
      },
    ]);
    // Still removed: an import never brings a co-owner back.
    const one = await t.app.inject({ method: 'GET', url: '/api/syndic/v1/coproprietaires/R-C1', headers });
    expect(json(one).data.removed_at).not.toBeNull();
  });

  it('answers a refused building with the 422 envelope typed in the contract (ImportRejected)', async () => {
    const doc = building();
    (doc.lots[0] as Record<string, unknown>).name = '';
    const res = await post({ ...doc, dry_run: true });
    expect(res.statusCode).toBe(422);
    const body = importRejected.parse(json(res));
    expect(body.data.buildings).toContainEqual({ copropriete: 'R-IMM', status: 'rejected', items: 8 });
    expect(body.data.errors[0]).toMatchObject({ resource: 'lots', index: 0, field: 'name' });
  });
});
