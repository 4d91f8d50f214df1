import { describe, expect, it } from 'vitest';
import { countsText, decisionText, describeResult } from './registerRecount.js';

const n = (tantiemes: number) => ({ tantiemes, count: 1 });
const vote = (agree: number, disagree: number, abstain: number) => ({
  agree: n(agree),
  disagree: n(disagree),
  abstain: n(abstain),
  participants: n(agree + disagree + abstain),
});
const line = (over: Partial<Parameters<typeof describeResult>[0]>) => ({
  number: 1,
  article: 'ART-24',
  decision: 'adopted' as const,
  rule: 'ART-24' as const,
  total: n(10_000),
  first: vote(4_000, 3_000, 200),
  second: null,
  ...over,
});

describe('a recounted resolution in words', () => {
  it.each([
    [
      'art. 24 adopted: the article once, French thousands',
      line({}),
      'Résolution n° 1 (art. 24)\u202f: adoptée – 4\u00a0000 voix pour, 3\u00a0000 contre, 200 en abstention, sur 10\u00a0000 voix.',
    ],
    [
      'art. 25 rejected at the first vote, counts of the second (art. 25-1 passerelle) when it decided',
      line({
        number: 2,
        article: 'ART-25',
        rule: 'ART-25-1',
        first: vote(4_000, 3_000, 200),
        second: vote(4_500, 3_000, 0),
      }),
      'Résolution n° 2 (art. 25)\u202f: adoptée (art. 25-1) – 4\u00a0500 voix pour, 3\u00a0000 contre, 0 en abstention, sur 10\u00a0000 voix.',
    ],
    [
      'unanimity rejected',
      line({ number: 3, article: 'UNANIMITE', rule: 'UNANIMITE', decision: 'rejected' }),
      'Résolution n° 3 (unanimité)\u202f: rejetée – 4\u00a0000 voix pour, 3\u00a0000 contre, 200 en abstention, sur 10\u00a0000 voix.',
    ],
    [
      'no vote',
      line({ number: 4, decision: 'no_vote', rule: null, first: null }),
      'Résolution n° 4 (art. 24)\u202f: sans vote.',
    ],
  ])('%s', (_case, t, text) => {
    expect(describeResult(t)).toBe(text);
    expect(text).not.toMatch(/\(art\. 24\).*\(art\. 24\)/);
  });

  it('splits into decision and counts for a table cell', () => {
    expect(decisionText(line({ article: 'ART-26', rule: 'ART-26' }))).toBe('adoptée');
    expect(countsText(line({ first: null }))).toBeNull();
  });
});
