import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chargeInvoices, notifications } from '../../../db/schema/index.js';
import { makeSyndicWithKey } from '../../../test/factories.syndic.js';
import { createTestApp, json, type TestApp } from '../../../test/harness.js';
import { staffFixture } from './staff.fixture.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const { syndic } = staffFixture(() => t);

describe('verification of accounts in the syndic API', () => {
  async function withYear() {
    const b = await syndic();
    await b.api('PUT', '/repartitions/R1', {
      copropriete: 'C1',
      code: '01',
      name: 'Générales',
      total_tantieme: 10_000,
      tantiemes: [],
    });
    const eau = json(
      await b.api('PUT', '/charges/EAU', {
        copropriete: 'C1',
        repartition: 'R1',
        code: '601',
        name: 'Eau froide',
      }),
    ).data.id;
    const rav = json(
      await b.api('PUT', '/charges/RAV', {
        copropriete: 'C1',
        repartition: 'R1',
        code: '671',
        name: 'Ravalement',
        charge_type: 2,
      }),
    ).data.id;
    const year = json(
      await b.api('PUT', '/financial-years/FY26', {
        copropriete: 'C1',
        year: 2026,
        couple: '2026',
        start_date: '2026-01-01',
        end_date: '2026-12-31',
      }),
    ).data.id;
    const inv = (charge: string, amount: number, syndicat: number) => ({
      charge_id: charge,
      financial_year_id: year,
      ecriture_description: 'Facture',
      amount_cents: amount,
      date: '2026-03-02',
      verification_syndic: 1,
      verification_syndicat: syndicat,
    });
    await t.database.db
      .insert(chargeInvoices)
      .values([inv(eau, 84_210, 1), inv(eau, 79_990, 0), inv(rav, 2_160_000, 0)]);
    return b;
  }
  const notes = (recId: string) =>
    t.database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.coproprietaire_id, recId), eq(notifications.type, 'VERIFICATION')));

  it("reads the council's progress per year and charge type", async () => {
    const b = await withYear();
    const res = await b.api('GET', '/coproprietes/C1/verification');
    expect(json(res).data).toEqual({
      syndic_submit: 0,
      syndicat_finish: 0,
      years: [
        {
          year: 2026,
          couple: '2026',
          fonctionnement: { invoices: 2, verified: 1 },
          travaux: { invoices: 1, verified: 0 },
        },
      ],
      totals: { invoices: 3, verified: 1 },
    });
  });

  it('submits the accounts: the council members are notified once, their page opens; a replay changes nothing', async () => {
    const b = await withYear();
    const status = () =>
      t.app.inject({
        method: 'GET',
        url: `/api/syndicat-verifications/coproprietes/${b.coproId}/verification-status`,
        headers: b.council.headers,
      });
    expect(json(await status()).data).toEqual({ syndic_submit: 0, syndicat_finish: 0 });
    const res = await b.api('POST', '/coproprietes/C1/verification/submit');
    expect(res.statusCode).toBe(200);
    expect(json(res).data).toMatchObject({ result: 'updated', notified: 1, state: { syndic_submit: 1 } });
    expect(json(await status()).data).toEqual({ syndic_submit: 1, syndicat_finish: 0 });
    const [note] = await notes(b.council.rec.id);
    expect(note?.title).toBe('Comptes à vérifier');
    expect(await notes(b.owner.rec.id)).toEqual([]);
    const replay = await b.api('POST', '/coproprietes/C1/verification/submit');
    expect(json(replay).data).toMatchObject({ result: 'unchanged', notified: 0 });
    expect(await notes(b.council.rec.id)).toHaveLength(1);
    // The council presses 'Terminer'; a new submission reopens it and notifies again.
    const fin = await t.app.inject({
      method: 'PUT',
      url: `/api/syndicat-verifications/coproprietes/${b.coproId}/change-finish-status`,
      headers: b.council.headers,
      payload: { status: 1 },
    });
    expect(fin.statusCode).toBe(200);
    expect(json(await b.api('GET', '/coproprietes/C1/verification')).data.syndicat_finish).toBe(1);
    expect(json(await b.api('POST', '/coproprietes/C1/verification/submit')).data.result).toBe('updated');
    expect(await notes(b.council.rec.id)).toHaveLength(2);
  });

  it("another syndic's key gets 404", async () => {
    const b = await withYear();
    const other = await makeSyndicWithKey(t.database.db);
    expect((await b.api('GET', '/coproprietes/C1/verification', undefined, other.headers)).statusCode).toBe(
      404,
    );
    expect(
      (await b.api('POST', '/coproprietes/C1/verification/submit', undefined, other.headers)).statusCode,
    ).toBe(404);
    expect(await notes(b.council.rec.id)).toEqual([]);
  });
});
