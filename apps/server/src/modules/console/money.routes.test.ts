import { buildPath, consoleMoneyEndpoints as m, type Endpoint, financeEndpoints } from '@tantieme/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coproprietes, ledgerLines } from '../../db/schema/index.js';
import { makeSignedInUser } from '../../test/factories.js';
import { makeVotedBuilding } from '../../test/factories.journal.js';
import { createTestApp, json, type TestApp } from '../../test/harness.js';
import { url } from '../finances/finances.fixture.js';
import * as journal from '../journal/journal.repo.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** The voted building of the money tests, run by a volunteer syndic signed in. */
async function volunteerBuilding() {
  const { b } = await makeVotedBuilding(t.database.db);
  const syndic = await makeSignedInUser(t.database.db, { first_name: 'Hélène', last_name: 'Moreau' });
  await t.database.db
    .update(coproprietes)
    .set({ syndic_benevole_user_id: syndic.user.id })
    .where(eq(coproprietes.id, b.coproId));
  const call = async (e: Endpoint, params: Record<string, string> = {}, body?: object, query = '') => {
    const res = await t.app.inject({
      method: e.method as 'GET',
      url: `/api${buildPath(e.path, { coproId: b.coproId, ...params })}${query}`,
      headers: syndic.headers,
      payload: body,
    });
    return { status: res.statusCode, body: json(res) };
  };
  return { b, call };
}

describe('the money in the console', () => {
  it('previews then generates the first quarter, lists it in the journal, reverses an écriture once', async () => {
    const { b, call } = await volunteerBuilding();
    const overview = await call(m.overview);
    expect(overview.status).toBe(200);
    expect(overview.body.data.budgets.map((x: { amount_cents: number }) => x.amount_cents)).toEqual([
      2_400_001, 360_000,
    ]);

    const preview = await call(m.previewAppels, {}, { financial_year_id: b.yearId, period: 1 });
    expect(preview.body.data).toMatchObject({
      due_date: '2026-01-01',
      name: 'Appel de fonds – 1er trimestre 2026',
      total_cents: 690_001,
      already: false,
    });
    const martin = preview.body.data.coproprietaires.find((c: { id: string }) => c.id === b.owners.martin.id);
    expect(martin.amount_cents).toBe(320_401);
    // A preview writes nothing: the journal is still empty.
    expect((await call(m.journal)).body.data.ecritures).toEqual([]);

    const made = await call(m.generateAppels, {}, { financial_year_id: b.yearId, period: 1 });
    expect(made.body.data).toMatchObject({ created: true, total_cents: 690_001, coproprietaires: 3 });
    const again = await call(m.previewAppels, {}, { financial_year_id: b.yearId, period: 1 });
    expect(again.body.data.already).toBe(true);

    const page = (await call(m.journal, {}, undefined, '?compte=4501')).body.data;
    expect(page.ecritures.map((e: { number: number }) => e.number)).toEqual([1]);
    const rev = await call(m.reverse, { ecritureId: made.body.data.ecriture_id }, { date: '2026-01-02' });
    expect(rev.body.data.number).toBe(2);
    const twice = await call(m.reverse, { ecritureId: made.body.data.ecriture_id }, { date: '2026-01-02' });
    expect(twice.status).toBe(409);
    const balances = (await call(m.balances)).body.data;
    expect(balances.budget).toMatchObject({ voted_cents: 2_760_001, called_cents: 0 });
    expect(balances.accounts.find((a: { account: string }) => a.account === '701')).toMatchObject({
      label: expect.any(String),
      debit_cents: 690_001,
      credit_cents: 690_001,
    });
  });

  it('imports a CSV with its columns saved, matches a credit by hand split between two co-owners', async () => {
    const { b, call } = await volunteerBuilding();
    await call(m.generateAppels, {}, { financial_year_id: b.yearId, period: 1 });
    const csv = `Date;Libellé;Montant;Donneur\n05/01/2026;VIR ${b.owners.martin.unique_code};3204,01;MARTIN\n06/01/2026;VIR FAMILLE;1000,00;X\n`;
    const mapping = { date: 'Date', label: 'Libellé', amount: 'Montant', name: 'Donneur' };
    const imported = await call(
      m.importStatement,
      {},
      { format: 'csv', content: csv, mapping, bank_name: 'Crédit Mutuel' },
    );
    expect(imported.body.data).toMatchObject({ matched: 1, unmatched: 1, known: 0 });
    const same = await call(m.importStatement, {}, { format: 'csv', content: csv, mapping });
    expect(same.body.data).toMatchObject({ matched: 0, unmatched: 0, known: 2 });

    const bank = (await call(m.bank)).body.data;
    expect(bank.mappings).toEqual([{ bank_name: 'Crédit Mutuel', mapping }]);
    expect(bank.statements[0]).toMatchObject({ lines: 2, matched: 1, unmatched: 1, credits_cents: 420_401 });
    expect(bank.matched[0]).toMatchObject({
      coproprietaire: { id: b.owners.martin.id },
      reason: expect.any(String),
    });
    const waiting = bank.unmatched[0];

    const wrong = await call(
      m.match,
      { lineId: waiting.id },
      { parts: [{ coproprietaire_id: b.owners.leroy.id, amount_cents: 99_999 }] },
    );
    expect(wrong.status).toBe(400);
    const split = await call(
      m.match,
      { lineId: waiting.id },
      {
        parts: [
          { coproprietaire_id: b.owners.leroy.id, amount_cents: 60_000 },
          { coproprietaire_id: b.owners.sci.id, amount_cents: 40_000 },
        ],
      },
    );
    expect(split.body.data).toEqual({ payments: 2 });
    expect((await call(m.bank)).body.data.unmatched).toEqual([]);

    // Each co-owner's statement equals their 450 account after the payments.
    const all = await journal.balances(t.database.db, b.coproId);
    const lines = await t.database.db
      .select()
      .from(ledgerLines)
      .where(eq(ledgerLines.copropriete_id, b.coproId));
    for (const o of Object.values(b.owners)) {
      const on450 = all
        .filter((x) => x.account.startsWith('450') && x.coproprietaire_id === o.id)
        .reduce((s, x) => s + x.debit - x.credit, 0);
      const statement = lines
        .filter((l) => l.coproprietaire_id === o.id)
        .reduce((s, l) => s + (l.amount_type === 'debit' ? l.amount_cents : -l.amount_cents), 0);
      expect(on450).toBe(statement);
    }
    // Martin paid his quarter: his own statement says so; Leroy owes 2 358 − 600.
    const owner = await t.app.inject({
      method: 'GET',
      url: url(financeEndpoints.ledger, { coproId: b.coproId, id: b.owners.martin.id }),
      headers: b.martinHeaders,
    });
    expect(json(owner).data.solde).toBe(0);
    const leroy = all.filter((x) => x.account.startsWith('450') && x.coproprietaire_id === b.owners.leroy.id);
    expect(leroy.reduce((s, x) => s + x.debit - x.credit, 0)).toBe(235_800 - 60_000);
    expect(all.filter((x) => x.account === '471').reduce((s, x) => s + x.debit - x.credit, 0)).toBe(0);
  });
});
