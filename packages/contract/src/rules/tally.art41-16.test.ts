import { describe, expect, it } from 'vitest';
import { type Attendance, type TallyCoproprietaire, tallyResolution, type VoteChoice } from './tally.js';
import { isTwoCoownerSyndicat } from './twoCoowners.js';

/** [who, tantièmes of charges générales, attendance, first vote] */
type Owner = [string, number, Attendance | null, VoteChoice | null];

function run(article: string, owners: Owner[]) {
  const coproprietaires: TallyCoproprietaire[] = owners.map(([id, cg, attendance]) => ({
    id,
    tantiemes: { CG: cg },
    attendance,
  }));
  const ballots = owners
    .filter(([, , , v]) => v)
    .map(([id, , , v]) => ({ coproprietaire_id: id, resolution_id: 'r', vote_1: v }));
  return tallyResolution(
    { id: 'r', number: 1, article, no_vote: false, repartition: 'CG' },
    coproprietaires,
    ballots,
    { generalRepartition: 'CG' },
  );
}

const P = 'present' as const;

describe('loi 1965 art. 41-16: a syndicat of two co-owners', () => {
  it.each<{ name: string; article: string; owners: Owner[]; decision: string; rule: string; agree: number }>([
    {
      name: 'art. 24: A 600 for, B 400 against: adopted, A not reduced to 400 (art. 22 I al. 2 set aside)',
      article: 'ART-24',
      owners: [
        ['A', 600, P, 'agree'],
        ['B', 400, P, 'disagree'],
      ],
      decision: 'adopted',
      rule: 'ART-41-16',
      agree: 600,
    },
    {
      name: 'art. 24: B 400 for, A 600 against: rejected',
      article: 'ART-24',
      owners: [
        ['A', 600, P, 'disagree'],
        ['B', 400, P, 'agree'],
      ],
      decision: 'rejected',
      rule: 'ART-41-16',
      agree: 400,
    },
    {
      name: 'art. 25: A 700 for, B 300 against: adopted at the first vote (two thirds held)',
      article: 'ART-25',
      owners: [
        ['A', 700, P, 'agree'],
        ['B', 300, P, 'disagree'],
      ],
      decision: 'adopted',
      rule: 'ART-41-16',
      agree: 700,
    },
    {
      name: 'art. 25: A 600 for, B 400 against: rejected, 600 is less than two thirds and no passerelle',
      article: 'ART-25',
      owners: [
        ['A', 600, P, 'agree'],
        ['B', 400, P, 'disagree'],
      ],
      decision: 'rejected',
      rule: 'ART-41-16',
      agree: 600,
    },
    {
      name: 'art. 25: A 600 and B 400 both for: adopted',
      article: 'ART-25',
      owners: [
        ['A', 600, P, 'agree'],
        ['B', 400, P, 'agree'],
      ],
      decision: 'adopted',
      rule: 'ART-41-16',
      agree: 1000,
    },
    {
      name: 'art. 26 is not derogated from: A 700 for alone fails the double majority, the 26-1 second vote opens',
      article: 'ART-26',
      owners: [
        ['A', 700, P, 'agree'],
        ['B', 300, P, 'disagree'],
      ],
      decision: 'rejected',
      rule: 'ART-26-1',
      agree: 700,
    },
  ])('$name', ({ article, owners, decision, rule, agree }) => {
    const t = run(article, owners);
    expect(t.decision).toBe(decision);
    expect(t.rule).toBe(rule);
    expect(t.reduced).toEqual([]);
    expect(t.first?.agree.tantiemes).toBe(agree);
  });

  it('three co-owners: art. 22 still reduces A 600 to 400 and the art. 24 vote is rejected', () => {
    const t = run('ART-24', [
      ['A', 600, P, 'agree'],
      ['B', 300, P, 'disagree'],
      ['C', 100, P, 'disagree'],
    ]);
    expect(t.reduced).toEqual([{ coproprietaire_id: 'A', from: 600, to: 400 }]);
    expect(t.decision).toBe('rejected');
    expect(t.rule).toBe('ART-24');
  });

  it('three co-owners: art. 25 with A 700 reduced to 300 goes to the art. 25-1 second vote', () => {
    const t = run('ART-25', [
      ['A', 700, P, 'agree'],
      ['B', 200, P, 'disagree'],
      ['C', 100, P, 'disagree'],
    ]);
    expect(t.decision).toBe('rejected');
    expect(t.rule).toBe('ART-25-1');
  });

  it.each<[string, number[], boolean]>([
    ['two holders of the charges générales', [600, 400], true],
    ['three holders', [600, 300, 100], false],
    ['a third co-owner with no charges générales does not count', [600, 400, 0], true],
    ['a sole owner', [1000], false],
  ])('isTwoCoownerSyndicat: %s', (_, cgs, expected) => {
    expect(
      isTwoCoownerSyndicat(
        cgs.map((cg) => ({ tantiemes: { CG: cg } })),
        'CG',
      ),
    ).toBe(expected);
  });
});
