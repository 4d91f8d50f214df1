import { describe, expect, it } from 'vitest';
import { type FirstVote, secondAssembleeRefusal, threeMonthsAfter } from './secondAssemblee.js';

const first: FirstVote = {
  article: 'ART-25',
  nature: 'travaux_economie_energie',
  held: true,
  meetingDay: '2026-03-10',
  agree: 300,
  total: 1000,
};

describe('loi 1965 art. 25-1, 2e alinéa: a new assembly within three months at art. 24', () => {
  it.each<[string, Partial<FirstVote>, string, string, boolean]>([
    ['25 f, 300 of 1 000 for, convened two months later at art. 24', {}, 'ART-24', '2026-05-10', true],
    ['convened on the last day of the three months', {}, 'ART-24', '2026-06-10', true],
    ['convened the day after the three months', {}, 'ART-24', '2026-06-11', false],
    ['convened before the first meeting', {}, 'ART-24', '2026-03-01', false],
    ['not energy-saving works (25 f)', { nature: 'designation_syndic' }, 'ART-24', '2026-04-01', false],
    ['no nature given', { nature: null }, 'ART-24', '2026-04-01', false],
    ['the first vote was not under art. 25', { article: 'ART-26' }, 'ART-24', '2026-04-01', false],
    [
      'the project got a third (334 of 1 000): the same assembly’s second vote',
      { agree: 334 },
      'ART-24',
      '2026-04-01',
      false,
    ],
    ['exactly a third short: 333 of 1 000', { agree: 333 }, 'ART-24', '2026-04-01', true],
    ['the first assembly is not closed', { held: false }, 'ART-24', '2026-04-01', false],
    ['the new resolution is not put to art. 24', {}, 'ART-25', '2026-04-01', false],
  ])('%s', (_, over, article, convened, opens) => {
    expect(secondAssembleeRefusal({ ...first, ...over }, article, convened) === null).toBe(opens);
  });

  it.each([
    ['2026-03-10', '2026-06-10'],
    ['2026-11-30', '2027-02-28'],
    ['2027-11-30', '2028-02-29'],
    ['2026-12-31', '2027-03-31'],
  ])('three months after %s is %s', (day, expected) => {
    expect(threeMonthsAfter(day)).toBe(expected);
  });
});
