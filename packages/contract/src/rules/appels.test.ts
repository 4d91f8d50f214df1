import { describe, expect, it } from 'vitest';
import { appelsOfKey, dueDates, fondsTravauxError, fondsTravauxMinimum, largestRemainder } from './appels.js';

describe('largest remainder: the parts add up to the total to the cent', () => {
  it.each([
    [100, [1, 1, 1], [34, 33, 33]],
    [200, [1, 1, 1], [67, 67, 66]],
    [1000, [333, 333, 334], [333, 333, 334]],
    // 2 500,25 + 2 500,25 + 5 000,5: the half cent is the largest remainder.
    [10001, [250, 250, 500], [2500, 2500, 5001]],
    // 1 234 567 c over 3 lots of 1 000: 411 522.33 each, the 1 cent left to the first.
    [1234567, [1000, 1000, 1000], [411523, 411522, 411522]],
    [5, [0, 7], [0, 5]],
    [0, [0, 0], [0, 0]],
    [99, [3, 2, 1], [50, 33, 16]],
  ])('%i over %j → %j', (total, weights, parts) => {
    const got = largestRemainder(total, weights);
    expect(got).toEqual(parts);
    expect(got.reduce((s, p) => s + p, 0)).toBe(total);
  });
  it('refuses weights that add to nothing for a positive total', () => {
    expect(() => largestRemainder(100, [0, 0])).toThrow(RangeError);
  });
  it('holds on seeded random inputs', () => {
    let seed = 7;
    const rnd = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % n;
    };
    for (let k = 0; k < 500; k++) {
      const weights: number[] = Array.from({ length: 1 + rnd(40) }, () => rnd(2000));
      if (!weights.some((w) => w > 0)) weights[0] = 1;
      const total = rnd(10_000_000);
      const parts = largestRemainder(total, weights);
      expect(parts.reduce((s, p) => s + p, 0)).toBe(total);
      const sum = weights.reduce((s, w) => s + w, 0);
      for (const [i, p] of parts.entries()) expect(Math.abs(p - (total * weights[i]) / sum)).toBeLessThan(1);
    }
  });
});

describe('due dates (loi 1965 art. 14-1: the first day of each quarter, or the period the assembly set)', () => {
  it.each([
    ['2026-01-01', 4, ['2026-01-01', '2026-04-01', '2026-07-01', '2026-10-01']],
    ['2025-07-01', 4, ['2025-07-01', '2025-10-01', '2026-01-01', '2026-04-01']],
    ['2026-01-01', 2, ['2026-01-01', '2026-07-01']],
    ['2026-01-01', 1, ['2026-01-01']],
  ])('exercice from %s in %i periods', (start, periods, dates) => {
    expect(dueDates(start, periods)).toEqual(dates);
  });
  it('gives twelve monthly dates', () => {
    expect(dueDates('2026-01-01', 12).at(-1)).toBe('2026-12-01');
  });
  it('refuses periods that do not divide the year', () => expect(() => dueDates('2026-01-01', 5)).toThrow());
});

describe("a key's appels per lot and quarter", () => {
  it('splits 12 345,67 € of charges générales over three lots and four quarters', () => {
    const got = appelsOfKey(1234567, [
      { lotId: 'A', tantieme: 333 },
      { lotId: 'B', tantieme: 333 },
      { lotId: 'C', tantieme: 334 },
    ]);
    expect(got).toEqual([
      { lotId: 'A', year: 411111, periods: [102778, 102778, 102778, 102777] },
      { lotId: 'B', year: 411111, periods: [102778, 102778, 102778, 102777] },
      { lotId: 'C', year: 412345, periods: [103087, 103086, 103086, 103086] },
    ]);
    const all = got.flatMap((l) => l.periods);
    expect(all.reduce((s, p) => s + p, 0)).toBe(1234567);
  });
});

describe('fonds de travaux at the legal minimum (loi 1965 art. 14-2-1)', () => {
  it.each([
    // budget, plan works, minimum
    [8_000_000, 0, 400_000],
    [1_234_567, 0, 61_729],
    [8_000_000, 40_000_000, 1_000_000],
    [8_000_000, 10_000_000, 400_000],
    [0, 0, 0],
  ])('budget %i c, plan %i c → at least %i c', (budget, plan, min) => {
    expect(fondsTravauxMinimum(budget, plan)).toBe(min);
  });
  it('names the minimum when the vote is below it', () => {
    expect(fondsTravauxError(400_000, 8_000_000)).toBeNull();
    expect(fondsTravauxError(399_999, 8_000_000)).toBe(
      'La cotisation au fonds de travaux (3\u202f999,99\u00a0€) est inférieure au minimum légal de 4\u202f000,00\u00a0€ (loi du 10 juillet 1965, art. 14-2-1).',
    );
  });
});
