import { describe, expect, it } from 'vitest';
import { percentSpent } from './format.js';
import { lotTypeName, memberShareCents, showYearTabs, sortLotsByName, withRunningSolde } from './synthese.js';

describe("'Ma synthèse' rules", () => {
  it.each([
    // amount, tantièmes, total, share
    [100_000, 250, 1000, 25_000],
    [12_345, 1, 3, 4115], // 4115 exact is 4115.0
    [10_000, 1, 3, 3333],
    [20_000, 1, 3, 6667],
    [-9_000, 100, 1000, -900],
    [50_000, 0, 1000, 0],
    [50_000, 10, 0, 0],
  ])('member share of %i cents with %i / %i tantièmes is %i', (amount, t, total, expected) => {
    expect(memberShareCents(amount, t, total)).toBe(expected);
  });

  it.each([
    [null, 'Autre'],
    ['', 'Autre'],
    ['  ', 'Autre'],
    ['Appartement', 'Appartement'],
  ])('lot type %s shows %s', (input, expected) => {
    expect(lotTypeName(input)).toBe(expected);
  });

  it('sorts lots by name, numbers in natural order', () => {
    const lots = [{ name: 'Lot 10' }, { name: 'Cave 3' }, { name: 'Lot 2' }, { name: 'lot 1' }];
    expect(sortLotsByName(lots).map((l) => l.name)).toEqual(['Cave 3', 'lot 1', 'Lot 2', 'Lot 10']);
    expect(lots[0].name).toBe('Lot 10'); // not mutated
  });

  it('computes signed amounts and the running balance in date order', () => {
    const rows = withRunningSolde([
      { id: 'p', date: '2025-02-01', description: 'Paiement', amount_cents: 30_000, amount_type: 'credit' },
      { id: 'a', date: '2025-01-01', description: 'Appel T1', amount_cents: 50_000, amount_type: 'debit' },
      { id: 'b', date: '2025-04-01', description: 'Appel T2', amount_cents: 50_000, amount_type: 'debit' },
    ]);
    expect(rows.map((r) => [r.id, r.amount, r.solde])).toEqual([
      ['a', 50_000, 50_000],
      ['p', -30_000, 20_000],
      ['b', 50_000, 70_000],
    ]);
  });

  it('shows year tabs only when more than one year exists', () => {
    expect(showYearTabs([])).toBe(false);
    expect(showYearTabs([2025])).toBe(false);
    expect(showYearTabs([2024, 2025])).toBe(true);
  });

  it.each([
    [0, 100_000, 0],
    [50_000, 100_000, 50],
    [33_333, 100_000, 33],
    [66_667, 100_000, 67],
    [120_000, 100_000, 120],
    [10_000, 0, 0],
  ])('percent spent of %i over %i is %i', (realised, budget, expected) => {
    expect(percentSpent(realised, budget)).toBe(expected);
  });
});
