import { describe, expect, it } from 'vitest';
import { C, expectWorkedExample, P, R, run, type WorkedExample } from './tally.fixture.js';

describe('loi 1965 art. 25 and 25-1: the majority of all the voix, and the second vote', () => {
  it.each<WorkedExample>([
    // art. 25: majority of all the co-owners' votes (> 500 of 1 000).
    {
      name: 'art. 25 adopted with 550 of 1 000',
      article: 'ART-25',
      lines: [
        ['A', P, 'agree', 'agree'],
        ['B', C, 'agree', 'agree'],
        ['C', P, 'disagree', 'disagree'],
      ],
      decision: 'adopted',
      rule: 'ART-25',
      first: [550, 200, 0],
      second: null,
    },
    {
      name: 'art. 25 exactly half (500) fails; 25-1 second vote at art. 24 adopts (300 for, 200 against)',
      article: 'ART-25',
      lines: [
        ['A', P, 'agree', 'agree'],
        ['C', C, 'agree', 'disagree'],
        ['D', P, 'disagree', 'abstain'],
      ],
      decision: 'adopted',
      rule: 'ART-25-1',
      first: [500, 150, 0],
      second: [300, 200, 150],
    },
    {
      name: 'art. 25 at 400 (≥ one third): 25-1 second vote, 400 for and 250 against adopts',
      article: 'ART-25',
      lines: [
        ['A', P, 'agree', 'agree'],
        ['E', C, 'agree', 'agree'],
        ['B', P, 'disagree', 'disagree'],
        ['C', R, 'abstain', 'abstain'],
      ],
      decision: 'adopted',
      rule: 'ART-25-1',
      first: [400, 250, 200],
      second: [400, 250, 200],
    },
    {
      name: 'art. 25-1 second vote rejects when its against outweighs its for (300 / 350)',
      article: 'ART-25',
      lines: [
        ['A', P, 'agree', 'agree'],
        ['E', C, 'agree', 'disagree'],
        ['B', P, 'disagree', 'disagree'],
      ],
      decision: 'rejected',
      rule: 'ART-25-1',
      first: [400, 250, 0],
      second: [300, 350, 0],
    },
    {
      name: 'art. 25 below one third (300 of 1 000): rejected, no second vote',
      article: 'ART-25',
      lines: [
        ['A', P, 'agree', 'agree'],
        ['B', P, 'disagree', 'disagree'],
      ],
      decision: 'rejected',
      rule: 'ART-25',
      first: [300, 250, 0],
      second: null,
    },
  ])('$name', expectWorkedExample);
});

describe('loi 1965 art. 24 IV: special charges are voted by those who bear them', () => {
  it.each<WorkedExample>([
    // art. 24 IV: special charges are voted by those who bear them, with their share.
    {
      name: 'elevator (ASC) at art. 25: C (60 of 100) decides alone; A holds no ASC tantième',
      article: 'ART-25',
      lines: [
        ['A', P, 'disagree', 'disagree'],
        ['C', P, 'agree', 'agree'],
        ['D', P, 'disagree', 'disagree'],
      ],
      opts: { repartition: 'ASC' },
      decision: 'adopted',
      rule: 'ART-25',
      first: [60, 40, 0],
      second: null,
    },
  ])('$name', expectWorkedExample);

  it('counts members and tantièmes of the repartition', () => {
    expect(run('ART-25', [], { repartition: 'ASC' }).total).toEqual({ tantiemes: 100, count: 2 });
    expect(run('ART-25', []).total).toEqual({ tantiemes: 1000, count: 5 });
  });
});
