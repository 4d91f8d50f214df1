import { describe, it } from 'vitest';
import { C, expectWorkedExample, P, R, type WorkedExample } from './tally.fixture.js';

describe('loi 1965 art. 26 and 26-1: the double majority, and the second vote at art. 25', () => {
  it.each<WorkedExample>([
    // art. 26: majority of the members (> 2.5 of 5) holding at least two thirds (≥ 667).
    {
      name: 'art. 26 adopted: 3 members of 5 with 750 of 1 000',
      article: 'ART-26',
      lines: [
        ['A', P, 'agree', 'agree'],
        ['B', R, 'agree', 'agree'],
        ['C', C, 'agree', 'agree'],
        ['D', P, 'disagree', 'disagree'],
      ],
      decision: 'adopted',
      rule: 'ART-26',
      first: [750, 150, 0],
      second: null,
    },
    {
      name: 'art. 26 fails (2 members, 550); 26-1: half of the 4 participating members with ≥ one third, second vote at art. 25 adopts (550 > 500)',
      article: 'ART-26',
      lines: [
        ['A', P, 'agree', 'agree'],
        ['B', C, 'agree', 'agree'],
        ['C', P, 'disagree', 'disagree'],
        ['D', R, 'disagree', 'disagree'],
      ],
      decision: 'adopted',
      rule: 'ART-26-1',
      first: [550, 350, 0],
      second: [550, 350, 0],
    },
    {
      name: 'art. 26 fails on tantièmes (3 members, 450); 26-1 second vote at art. 25 fails (450 ≤ 500)',
      article: 'ART-26',
      lines: [
        ['A', P, 'disagree', 'disagree'],
        ['B', P, 'disagree', 'disagree'],
        ['C', C, 'agree', 'agree'],
        ['D', C, 'agree', 'agree'],
        ['E', R, 'agree', 'agree'],
      ],
      decision: 'rejected',
      rule: 'ART-26-1',
      first: [450, 550, 0],
      second: [450, 550, 0],
    },
    {
      name: 'art. 26 with only E for (1 member, 100): 26-1 does not open',
      article: 'ART-26',
      lines: [
        ['A', P, 'disagree', 'disagree'],
        ['E', C, 'agree', 'agree'],
      ],
      decision: 'rejected',
      rule: 'ART-26',
      first: [100, 300, 0],
      second: null,
    },
    {
      name: 'art. 26-1 needs half of the participating members: 1 of 3 is not enough even with 300',
      article: 'ART-26',
      lines: [
        ['A', P, 'agree', 'agree'],
        ['D', P, 'disagree', 'disagree'],
        ['E', P, 'disagree', 'disagree'],
      ],
      decision: 'rejected',
      rule: 'ART-26',
      first: [300, 250, 0],
      second: null,
    },
  ])('$name', expectWorkedExample);
});
