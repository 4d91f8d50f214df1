import { describe, expect, it } from 'vitest';
import { formatCents, formatCentsIntl } from './format.js';
import { formatInt, formatIntIntl } from './typo.js';

/** A deterministic spread of values: small, around the thousands, large, negative. */
function* samples(seed: number, n: number) {
  let x = seed;
  for (let i = 0; i < n; i++) {
    x = (x * 1_103_515_245 + 12_345) % 2_147_483_648;
    const magnitude = 10 ** (x % 13);
    const v = Math.floor((x / 2_147_483_648) * magnitude);
    yield i % 2 ? -v : v;
  }
}

describe('formatting without Intl writes what Intl writes (no formatter on the first screen)', () => {
  it('whole cents in euros', () => {
    const edge = [
      0,
      -0,
      1,
      -1,
      5,
      99,
      100,
      -100,
      999,
      1_000,
      99_999,
      100_000,
      123_456,
      -123_456_789,
      2 ** 40,
    ];
    for (const c of [...edge, ...samples(7, 5_000)])
      expect(formatCents(c), String(c)).toBe(formatCentsIntl(c));
    expect(formatCents(123456)).toBe('1\u00a0234,56\u202f€');
  });

  it('whole numbers, rounded half away from zero', () => {
    const edge = [0, -0, 0.4, -0.4, 0.5, -0.5, 2.5, -2.5, 999.5, 1_000, -1_234.5, 10_000, 1e15];
    for (const v of [...edge, ...[...samples(11, 5_000)].map((v) => v / 7)])
      expect(formatInt(v), String(v)).toBe(formatIntIntl(v));
  });

  it('leaves amounts it does not write itself to Intl', () => {
    expect(formatCents(12.5)).toBe(formatCentsIntl(12.5));
    expect(formatCents(1000, 'USD')).toBe(formatCentsIntl(1000, 'USD'));
  });
});
