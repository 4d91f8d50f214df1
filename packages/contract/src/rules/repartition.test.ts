import { describe, expect, it } from 'vitest';
import { tantiemesDifference, tantiemesTotalError } from './repartition.js';

describe('a key’s tantièmes make its total (loi 1965 art. 5 and 10)', () => {
  it.each([
    // tantièmes, total, difference
    [[250, 250, 500], 1000, 0],
    [[10], 1000, 990],
    [[600, 500], 1000, -100],
    [[0, 0, 1], 1, 0],
    [[], 1000, 1000],
  ])('%j out of %i lacks %i', (tantiemes, total, diff) => {
    expect(tantiemesDifference(tantiemes, total)).toBe(diff);
  });

  it.each([
    [[250, 250, 500], 1000, null],
    [[], 1000, null],
    [
      [10],
      1000,
      'La somme des tantièmes (10) ne fait pas le total de la clé (1\u202f000)\u202f: il manque 990.',
    ],
    [[600, 500], 1000, 'La somme des tantièmes (1\u202f100) dépasse le total de la clé (1\u202f000) de 100.'],
  ])('%j out of %i: %s', (tantiemes, total, message) => {
    expect(tantiemesTotalError(tantiemes, total)).toBe(message);
  });
});
