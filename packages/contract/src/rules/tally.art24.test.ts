import { describe, expect, it } from 'vitest';
import { tallyAssemblee } from './tally.js';
import { C, expectWorkedExample, P, R, run, type WorkedExample } from './tally.fixture.js';

describe('loi 1965 art. 24: the majority of the votes cast', () => {
  it.each<WorkedExample>([
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
    {
      name: 'a resolution without vote is not counted',
      article: 'ART-24',
      lines: [['A', P, 'agree', null]],
      opts: { no_vote: true },
      decision: 'no_vote',
      rule: null,
    },
  ])('$name', expectWorkedExample);
});

describe('loi 1965 art. 17-1 A: a resolution amended in session', () => {
  it.each<WorkedExample>([
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
  ])('$name', expectWorkedExample);

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
});

describe('the tally of an assembly', () => {
  it('counts an assembly in resolution order', () => {
    const owners = [{ id: 'A', tantiemes: { CG: 1 }, attendance: P }];
    const out = tallyAssemblee({
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
