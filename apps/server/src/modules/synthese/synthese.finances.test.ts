import { syntheseEndpoints as e } from '@tantieme/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chargeInvoices, charges, coproprietes, financialYears } from '../../db/schema/index.js';
import { makeCoproprietaire, makeSignedInUser } from '../../test/factories.js';
import { makeDashboard } from '../../test/factories.synthese.js';
import { json } from '../../test/harness.js';
import { d, get, setUp, t } from './synthese.fixture.js';
import { currentYear } from './synthese.service.js';

beforeAll(setUp);
afterAll(() => t.close());

describe('finances summary', () => {
  it("computes the member's share of every repartition overall and per year", async () => {
    const res = await get(e.general, { coproId: d.copro.id, coproprietaireId: d.record.id }, d.owner.headers);
    expect(res.statusCode).toBe(200);
    const g = json(res).data;
    expect(g.solde).toBe(30_000);
    expect(g.lots.map((l: { name: string }) => l.name)).toEqual(['Cave 3', 'Lot 2', 'Lot 10']);
    expect(g.summary.situation).toEqual({ debit: 130_000, credit: 100_000, solde: 30_000 });
    // Overall: Charges générales 5 % of (900 000 + 900 000 + 3 000 000), Ascenseur 10 % of 240 000.
    const global = g.summary.repartitions;
    expect(global.map((r: { name: string }) => r.name)).toEqual(['Charges générales', 'Ascenseur']);
    expect(global[0]).toMatchObject({
      amount: 240_000,
      copropriete_amount: 4_800_000,
      budget: 360_000,
      tantieme: 500,
      total_tantieme: 10_000,
    });
    expect(global[1]).toMatchObject({ amount: 24_000, copropriete_amount: 240_000, budget: 30_000 });
    // Years newest first, each with its own situation and repartitions.
    expect(g.summary.years.map((y: { couple: string }) => y.couple)).toEqual(['2025', '2024']);
    const [y25, y24] = g.summary.years;
    expect(y25.situation).toEqual({ debit: 80_000, credit: 50_000, solde: 30_000 });
    expect(y24.situation).toEqual({ debit: 50_000, credit: 50_000, solde: 0 });
    expect(y24.repartitions).toHaveLength(1);
    expect(y24.repartitions[0]).toMatchObject({ name: 'Charges générales', amount: 45_000, budget: 50_000 });
    const gen25 = y25.repartitions[0];
    expect(gen25).toMatchObject({ amount: 195_000, copropriete_amount: 3_900_000, budget: 310_000 });
    const eau = gen25.charges.find((c: { code: string }) => c.code === '601');
    expect(eau).toMatchObject({ name: 'Eau froide', amount: 45_000, copropriete_amount: 900_000 });
    // Totals only: the invoices are the verification's (decision 71).
    expect(Object.keys(eau).sort()).toEqual(['amount', 'code', 'copropriete_amount', 'id', 'name']);
    // The Parking key (no tantièmes for this member) is left out.
    expect(JSON.stringify(g)).not.toContain('Parking');
  });

  it("shows the building's new figures at the next request after any change (its version, decision 72)", async () => {
    const read = async () => {
      const res = await get(
        e.general,
        { coproId: d.copro.id, coproprietaireId: d.record.id },
        d.owner.headers,
      );
      expect(res.statusCode).toBe(200);
      const y25 = json(res).data.summary.years.find((y: { year: number }) => y.year === 2025);
      const gen = y25.repartitions.find((r: { name: string }) => r.name === 'Charges générales');
      return gen.charges.find((c: { code: string }) => c.code === '601') as {
        id: string;
        amount: number;
        copropriete_amount: number;
      };
    };
    const version = async (id = d.copro.id) =>
      (await t.database.db.select().from(coproprietes).where(eq(coproprietes.id, id)))[0].finance_version;
    const before = await read();
    expect(before).toMatchObject({ amount: 45_000, copropriete_amount: 900_000 });
    // A new invoice: one statement, one bump, and the very next request sees it.
    const v0 = await version();
    const [added] = await t.database.db
      .insert(chargeInvoices)
      .values({
        charge_id: before.id,
        financial_year_id: d.years.y2025.id,
        ecriture_description: 'Eau froide – régularisation',
        amount_cents: 100_000,
        date: '2025-11-30',
      })
      .returning();
    expect(await version()).toBe(v0 + 1);
    expect(await read()).toMatchObject({ amount: 50_000, copropriete_amount: 1_000_000 });
    await t.database.db
      .update(chargeInvoices)
      .set({ amount_cents: 300_000 })
      .where(eq(chargeInvoices.id, added.id));
    expect(await read()).toMatchObject({ amount: 60_000, copropriete_amount: 1_200_000 });
    await t.database.db
      .update(charges)
      .set({ name: 'Eau froide et chaude' })
      .where(eq(charges.id, before.id));
    expect(await read()).toMatchObject({ name: 'Eau froide et chaude' });
    await t.database.db.delete(chargeInvoices).where(eq(chargeInvoices.id, added.id));
    await t.database.db.update(charges).set({ name: 'Eau froide' }).where(eq(charges.id, before.id));
    expect(await read()).toEqual(before);
    // Another building's change leaves this one's version alone.
    const other = await makeDashboard(t.database.db);
    const v1 = await version();
    await t.database.db
      .update(financialYears)
      .set({ couple: '2024/2025' })
      .where(eq(financialYears.copropriete_id, other.copro.id));
    expect(await version()).toBe(v1);
    expect(await version(other.copro.id)).toBeGreaterThan(0);
  });

  it('gives transactions with a running balance, overall and per year', async () => {
    const res = await get(
      e.transactions,
      { coproId: d.copro.id, coproprietaireId: d.record.id },
      d.owner.headers,
    );
    const data = json(res).data;
    expect(data.transactions.map((x: { amount: number; solde: number }) => [x.amount, x.solde])).toEqual([
      [50_000, 50_000],
      [-50_000, 0],
      [80_000, 80_000],
      [-50_000, 30_000],
    ]);
    expect(data.transactions[3]).toMatchObject({ description: 'Chèque', date: '2025-02-10' });
    expect(
      data.years.map((y: { year: number; transactions: unknown[] }) => [y.year, y.transactions.length]),
    ).toEqual([
      [2025, 2],
      [2024, 2],
    ]);
  });

  it("gives the transactions' years from the building's memory, new at the next request after a change", async () => {
    const years = async () => {
      const res = await get(
        e.transactions,
        { coproId: d.copro.id, coproprietaireId: d.record.id },
        d.owner.headers,
      );
      expect(res.statusCode).toBe(200);
      return (json(res).data.years as { couple: string; transactions: unknown[] }[]).map((y) => [
        y.couple,
        y.transactions.length,
      ]);
    };
    const before = await years();
    const couple = (
      await t.database.db.select().from(financialYears).where(eq(financialYears.id, d.years.y2025.id))
    )[0].couple;
    await t.database.db
      .update(financialYears)
      .set({ couple: 'Exercice 2025 (corrigé)' })
      .where(eq(financialYears.id, d.years.y2025.id));
    expect(await years()).toEqual([['Exercice 2025 (corrigé)', 2], before[1]]);
    await t.database.db.update(financialYears).set({ couple }).where(eq(financialYears.id, d.years.y2025.id));
    expect(await years()).toEqual(before);
  });

  it('gives an empty summary to a member without lots or lines', async () => {
    const lone = await makeSignedInUser(t.database.db);
    const rec = await makeCoproprietaire(t.database.db, {
      copropriete_id: d.copro.id,
      user_id: lone.user.id,
    });
    const res = await get(e.general, { coproId: d.copro.id, coproprietaireId: rec.id }, lone.headers);
    const g = json(res).data;
    expect(g.solde).toBe(0);
    expect(g.lots).toEqual([]);
    expect(g.summary.repartitions).toEqual([]);
    expect(g.summary.years).toHaveLength(2);
    const tx = json(
      await get(e.transactions, { coproId: d.copro.id, coproprietaireId: rec.id }, lone.headers),
    ).data;
    expect(tx.transactions).toEqual([]);
  });

  it("gives the current year's operating budget and realised expenses", async () => {
    const res = await get(e.budgetFonctionnement, { coproId: d.copro.id }, d.owner.headers);
    // Operating charges (type 1) of 2025: budget 1 200 000 + 300 000, realised 400 000 + 500 000 + 240 000.
    expect(json(res).data).toEqual({ totalFixed: 1_500_000, totalReality: 1_140_000, year_couple: '2025' });
  });

  it('gives zeros and no year when the copropriété has no financial year', async () => {
    const rec = await makeCoproprietaire(t.database.db, { user_id: d.owner.user.id });
    const res = await get(e.budgetFonctionnement, { coproId: rec.copropriete_id }, d.owner.headers);
    expect(json(res).data).toEqual({ totalFixed: 0, totalReality: 0, year_couple: null });
  });

  it('gives the Alur fund and the working capital', async () => {
    const res = await get(e.budgetAlurAvance, { coproId: d.copro.id }, d.owner.headers);
    expect(json(res).data).toEqual({ alur: 1_234_500, avance: 250_000 });
  });

  it.each([
    ['2025-06-01', 2025],
    ['2026-11-22', 2025],
    ['2023-01-01', 2025],
    ['2024-12-31', 2024],
  ])('on %s the current financial year is %i', (today, year) => {
    const years = [
      { year: 2024, start_date: '2024-01-01', end_date: '2024-12-31' },
      { year: 2025, start_date: '2025-01-01', end_date: '2025-12-31' },
    ];
    expect(currentYear(years, today)?.year).toBe(year);
  });
});
