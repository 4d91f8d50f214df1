import { describe, expect, it } from 'vitest';
import { keyBalance } from './keyBalance';

const nb = '\u00a0';

describe('keyBalance: a key as the tantièmes grid words it', () => {
  it.each([
    {
      tantiemes: [4200, 3288, 2500],
      total: 10000,
      sum: 9988,
      text: `Il manque 12 tantièmes sur 10${nb}000`,
      ok: false,
    },
    { tantiemes: [], total: 10000, sum: 0, text: `Il manque 10${nb}000 tantièmes sur 10${nb}000`, ok: false },
    {
      tantiemes: [600, 500],
      total: 1000,
      sum: 1100,
      text: `100 tantièmes de trop sur 1${nb}000`,
      ok: false,
    },
    {
      tantiemes: [4200, 3300, 2500],
      total: 10000,
      sum: 10000,
      text: `Total juste\u202f: 10${nb}000 tantièmes`,
      ok: true,
    },
  ])('$tantiemes of $total → $text', ({ tantiemes, total, sum, text, ok }) => {
    const b = keyBalance(tantiemes, total);
    expect(b.text).toBe(text);
    expect(b.sum).toBe(sum);
    expect(b.ok).toBe(ok);
    expect(b.difference).toBe(total - sum);
  });
});
