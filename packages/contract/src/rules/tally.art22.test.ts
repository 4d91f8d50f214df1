import { describe, expect, it } from 'vitest';
import { reducedVotes, type TallyCoproprietaire, tallyResolution, type VoteChoice } from './tally.js';
import { P, run, shares } from './tally.fixture.js';

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
