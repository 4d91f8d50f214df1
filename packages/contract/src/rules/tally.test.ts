import { describe, expect, it } from 'vitest';
import {
  type Attendance,
  type TallyBallot,
  type TallyCoproprietaire,
  type VoteChoice,
  reducedVotes,
  tallyAssembly,
  tallyResolution,
} from './tally.js';

/**
 * A building of 1 000 tantièmes of charges générales (CG) held by five members, and an elevator
 * repartition (ASC, 100 tantièmes) borne by C and D only.
 */
const shares: Record<string, Record<string, number>> = {
  A: { CG: 300 },
  B: { CG: 250 },
  C: { CG: 200, ASC: 60 },
  D: { CG: 150, ASC: 40 },
  E: { CG: 100 },
};

type Who = keyof typeof shares;
type Line = [Who, Attendance | null, VoteChoice | null, VoteChoice | null];

function run(
  article: string,
  lines: Line[],
  opts: { repartition?: string; amended?: boolean; no_vote?: boolean; general?: string } = {},
) {
  const owners: TallyCoproprietaire[] = Object.entries(shares).map(([id, t]) => ({
    id,
    tantiemes: t,
    attendance: lines.find((l) => l[0] === id)?.[1] ?? null,
  }));
  const ballots: TallyBallot[] = lines
    .filter((l) => l[2] || l[3])
    .map(([id, , v1, v2]) => ({ coproprietaire_id: id, resolution_id: 'r', vote_1: v1, vote_2: v2 }));
  return tallyResolution(
    {
      id: 'r',
      number: 1,
      article,
      repartition: opts.repartition ?? 'CG',
      no_vote: !!opts.no_vote,
      amended: opts.amended,
    },
    owners,
    ballots,
    { generalRepartition: opts.general ?? 'CG' },
  );
}

const P = 'present' as const;
const R = 'represented' as const;
const C = 'correspondence' as const;

describe('worked examples of the legal tally (loi du 10 juillet 1965)', () => {
  it.each<{
    name: string;
    article: string;
    lines: Line[];
    opts?: { repartition?: string; amended?: boolean; no_vote?: boolean };
    decision: 'adopted' | 'rejected' | 'no_vote';
    rule: string | null;
    first?: [number, number, number];
    second?: [number, number, number] | null;
  }>([
    // art. 24: majority of votes cast; abstentions are not votes cast.
    {
      name: 'art. 24 adopted: 400 for, 250 against, the abstention and the absent do not count',
      article: 'ART-24',
      lines: [
        ['A', P, 'agree', null],
        ['B', C, 'disagree', null],
        ['C', R, 'abstain', null],
        ['E', P, 'agree', null],
      ],
      decision: 'adopted',
      rule: 'ART-24',
      first: [400, 250, 200],
    },
    {
      name: 'art. 24 tie (300 / 300) is not a majority',
      article: 'ART-24',
      lines: [
        ['A', P, 'disagree', null],
        ['C', P, 'agree', null],
        ['E', C, 'agree', null],
      ],
      decision: 'rejected',
      rule: 'ART-24',
      first: [300, 300, 0],
    },
    {
      name: 'art. 24 with 750 abstaining: 100 for and none against is adopted',
      article: 'ART-24',
      lines: [
        ['A', P, 'abstain', null],
        ['B', P, 'abstain', null],
        ['C', R, 'abstain', null],
        ['E', C, 'agree', null],
      ],
      decision: 'adopted',
      rule: 'ART-24',
      first: [100, 0, 750],
    },
    {
      name: 'a ballot of an absent co-owner is not counted',
      article: 'ART-24',
      lines: [
        ['A', null, 'agree', null],
        ['B', P, 'disagree', null],
        ['E', P, 'agree', null],
      ],
      decision: 'rejected',
      rule: 'ART-24',
      first: [100, 250, 0],
    },
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
    // art. 17-1 A: amended resolution.
    {
      name: 'art. 17-1 A: amended in session, the correspondence Pour of A (300) counts as défaillant; the Contre of B still counts',
      article: 'ART-24',
      lines: [
        ['A', C, 'agree', null],
        ['B', C, 'disagree', null],
        ['E', P, 'agree', null],
      ],
      opts: { amended: true },
      decision: 'rejected',
      rule: 'ART-24',
      first: [100, 250, 0],
    },
    {
      name: 'the same votes without amendment adopt',
      article: 'ART-24',
      lines: [
        ['A', C, 'agree', null],
        ['B', C, 'disagree', null],
        ['E', P, 'agree', null],
      ],
      decision: 'adopted',
      rule: 'ART-24',
      first: [400, 250, 0],
    },
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
    {
      name: 'a resolution without vote is not counted',
      article: 'ART-24',
      lines: [['A', P, 'agree', null]],
      opts: { no_vote: true },
      decision: 'no_vote',
      rule: null,
    },
  ])('$name', ({ article, lines, opts, decision, rule, first, second }) => {
    const t = run(article, lines, opts);
    expect(t.decision).toBe(decision);
    expect(t.rule).toBe(rule);
    if (first)
      expect([t.first?.agree.tantiemes, t.first?.disagree.tantiemes, t.first?.abstain.tantiemes]).toEqual(
        first,
      );
    if (second === null) expect(t.second).toBeNull();
    if (second)
      expect([t.second?.agree.tantiemes, t.second?.disagree.tantiemes, t.second?.abstain.tantiemes]).toEqual(
        second,
      );
  });

  it('counts members and tantièmes of the repartition', () => {
    expect(run('ART-25', [], { repartition: 'ASC' }).total).toEqual({ tantiemes: 100, count: 2 });
    expect(run('ART-25', []).total).toEqual({ tantiemes: 1000, count: 5 });
  });

  it('reports the défaillants of an amended resolution', () => {
    expect(
      run(
        'ART-24',
        [
          ['A', C, 'agree', null],
          ['B', C, 'agree', null],
        ],
        { amended: true },
      ).amended_defaulting,
    ).toBe(2);
  });

  it('counts an assembly in resolution order', () => {
    const owners = [{ id: 'A', tantiemes: { CG: 1 }, attendance: P }];
    const out = tallyAssembly({
      resolutions: [
        { id: 'b', number: 2, article: 'ART-24', no_vote: false, repartition: 'CG' },
        { id: 'a', number: 1, article: 'ART-24', no_vote: false, repartition: 'CG' },
      ],
      coproprietaires: owners,
      ballots: [{ coproprietaire_id: 'A', resolution_id: 'a', vote_1: 'agree' }],
      generalRepartition: 'CG',
    });
    expect(out.map((r) => [r.number, r.decision])).toEqual([
      [1, 'adopted'],
      [2, 'rejected'],
    ]);
  });

  it('refuses an unknown article instead of counting it at art. 24', () => {
    expect(() => run('X', [['A', P, 'agree', null]])).toThrow(RangeError);
    expect(() => run('ART-24-bis', [['A', P, 'agree', null]])).toThrow(/unknown resolution article/);
  });
});

/**
 * Loi n° 65-557 du 10 juillet 1965, art. 22 I, 2e alinéa: a co-owner holding a share of the common
 * parts above one half has their votes reduced to the sum of the other co-owners' votes. Building:
 * M holds 600 of 1 000 CG (so 400 votes, total 800), N 250, O 150; a garage key (GAR, 100) is
 * borne by M (70) and N (30).
 */
describe('loi 1965 art. 22: the votes of a majority holder are reduced to the others’ sum', () => {
  const big: TallyCoproprietaire[] = [
    { id: 'M', tantiemes: { CG: 600, GAR: 70 }, attendance: 'present' },
    { id: 'N', tantiemes: { CG: 250, GAR: 30 }, attendance: 'present' },
    { id: 'O', tantiemes: { CG: 150 }, attendance: 'present' },
  ];
  const vote = (
    article: string,
    choices: Record<string, [VoteChoice, VoteChoice | null]>,
    repartition = 'CG',
    owners = big,
  ) =>
    tallyResolution(
      { id: 'r', number: 1, article, no_vote: false, repartition },
      owners,
      Object.entries(choices).map(([id, [v1, v2]]) => ({
        coproprietaire_id: id,
        resolution_id: 'r',
        vote_1: v1,
        vote_2: v2,
      })),
      { generalRepartition: 'CG' },
    );

  it.each<{
    name: string;
    article: string;
    choices: Record<string, [VoteChoice, VoteChoice | null]>;
    repartition?: string;
    decision: 'adopted' | 'rejected';
    rule: string;
    total: number;
    first: [number, number];
  }>([
    {
      name: 'art. 24: M (600 → 400) for, N and O (400) against: a tie, rejected (unreduced it would pass 600 to 400)',
      article: 'ART-24',
      choices: { M: ['agree', null], N: ['disagree', null], O: ['disagree', null] },
      decision: 'rejected',
      rule: 'ART-24',
      total: 800,
      first: [400, 400],
    },
    {
      name: 'art. 24: M for, O against, N abstains: 400 to 150, adopted',
      article: 'ART-24',
      choices: { M: ['agree', null], N: ['abstain', null], O: ['disagree', null] },
      decision: 'adopted',
      rule: 'ART-24',
      total: 800,
      first: [400, 150],
    },
    {
      name: 'art. 25: M alone has 400 of 800, not more than half: rejected at 25, the 25-1 second vote (M for, others abstain) adopts',
      article: 'ART-25',
      choices: { M: ['agree', 'agree'], N: ['abstain', 'abstain'], O: ['abstain', 'abstain'] },
      decision: 'adopted',
      rule: 'ART-25-1',
      total: 800,
      first: [400, 0],
    },
    {
      name: 'art. 25: M and O for: 550 of 800, adopted',
      article: 'ART-25',
      choices: { M: ['agree', 'agree'], N: ['disagree', 'disagree'], O: ['agree', 'agree'] },
      decision: 'adopted',
      rule: 'ART-25',
      total: 800,
      first: [550, 250],
    },
    {
      name: 'special key GAR: M holds more than half of the common parts, so 70 is reduced to N’s 30; 30 to 30 is a tie',
      article: 'ART-24',
      choices: { M: ['agree', null], N: ['disagree', null] },
      repartition: 'GAR',
      decision: 'rejected',
      rule: 'ART-24',
      total: 60,
      first: [30, 30],
    },
  ])('$name', ({ article, choices, repartition, decision, rule, total, first }) => {
    const t = vote(article, choices, repartition);
    expect(t.decision).toBe(decision);
    expect(t.rule).toBe(rule);
    expect(t.total.tantiemes).toBe(total);
    expect([t.first?.agree.tantiemes, t.first?.disagree.tantiemes]).toEqual(first);
    expect(t.reduced.map((r) => r.coproprietaire_id)).toEqual(['M']);
  });

  it('reduces nobody at exactly one half ("supérieure à la moitié" is strict)', () => {
    const half: TallyCoproprietaire[] = [
      { id: 'M', tantiemes: { CG: 500 } },
      { id: 'N', tantiemes: { CG: 500 } },
    ];
    expect(reducedVotes(half, 'CG', 'CG').reduced).toEqual([]);
  });

  it('is triggered by the common parts, not by a special key alone (C holds 60 of ASC but 200 of CG)', () => {
    const owners: TallyCoproprietaire[] = Object.entries(shares).map(([id, t]) => ({ id, tantiemes: t }));
    expect(reducedVotes(owners, 'ASC', 'CG').reduced).toEqual([]);
    // The trigger is never the vote's own key: without the general key there is no count at all.
    expect(() => reducedVotes(owners, 'ASC', '')).toThrow(/charges générales/);
    expect(() => run('ART-24', [['C', P, 'agree', null]], { repartition: 'ASC', general: '' })).toThrow(
      RangeError,
    );
  });
});
