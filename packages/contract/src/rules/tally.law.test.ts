import { describe, expect, it } from 'vitest';
import {
  type Attendance,
  countedBallot,
  parseArticle,
  type TallyBallot,
  type TallyCoproprietaire,
  tallyResolution,
  type VoteChoice,
} from './tally.js';

/**
 * A building of 1 000 tantièmes of charges générales (CG): A 300, B 250, C 200, D 150, E 100; an
 * elevator key (ASC, 100) borne by C (60) and D (40).
 */
const shares: Record<string, Record<string, number>> = {
  A: { CG: 300 },
  B: { CG: 250 },
  C: { CG: 200, ASC: 60 },
  D: { CG: 150, ASC: 40 },
  E: { CG: 100 },
};

/** [who, attendance, the form's choice (null: no form), the meeting's choice (null: none)] */
type Line = [string, Attendance | null, VoteChoice | null, VoteChoice | null];

function run(article: string, lines: Line[], opts: { amended?: boolean; repartition?: string } = {}) {
  const owners: TallyCoproprietaire[] = Object.entries(shares).map(([id, tantiemes]) => ({
    id,
    tantiemes,
    attendance: lines.find((l) => l[0] === id)?.[1] ?? null,
  }));
  const ballots: TallyBallot[] = lines.flatMap(([id, , form, meeting]) => [
    ...(form ? [{ coproprietaire_id: id, resolution_id: 'r', vote_1: form, form: true }] : []),
    ...(meeting ? [{ coproprietaire_id: id, resolution_id: 'r', vote_1: meeting, form: false }] : []),
  ]);
  return tallyResolution(
    {
      id: 'r',
      number: 1,
      article,
      no_vote: false,
      repartition: opts.repartition ?? 'CG',
      amended: opts.amended,
    },
    owners,
    ballots,
    { generalRepartition: 'CG' },
  );
}

const P = 'present' as const;
const R = 'represented' as const;
const C = 'correspondence' as const;

/**
 * Loi art. 17-1 A and décret du 17 mars 1967 art. 9 bis: the correspondence form is not taken into
 * account when its author attends or is represented.
 */
describe('a correspondence form is void once its author attends or is represented', () => {
  it.each<{
    name: string;
    lines: Line[];
    amended?: boolean;
    decision: 'adopted' | 'rejected';
    agree: number;
    disagree: number;
    participants: number;
    defaulting: number;
  }>([
    {
      name: 'form then presence without a meeting vote: the form is not a vote (100 to 250, rejected)',
      lines: [
        ['A', P, 'agree', null],
        ['B', P, null, 'disagree'],
        ['E', P, null, 'agree'],
      ],
      decision: 'rejected',
      agree: 100,
      disagree: 250,
      participants: 650,
      defaulting: 0,
    },
    {
      name: 'form then presence on an amended resolution: A is a participant who did not vote, not a counted "Pour" (rejected)',
      lines: [
        ['A', P, 'agree', null],
        ['B', P, null, 'disagree'],
        ['E', P, null, 'agree'],
      ],
      amended: true,
      decision: 'rejected',
      agree: 100,
      disagree: 250,
      participants: 650,
      defaulting: 0,
    },
    {
      name: 'the same form kept by correspondence on an amended resolution: its "Pour" is défaillant (rejected)',
      lines: [
        ['A', C, 'agree', null],
        ['B', P, null, 'disagree'],
        ['E', P, null, 'agree'],
      ],
      amended: true,
      decision: 'rejected',
      agree: 100,
      disagree: 250,
      participants: 350,
      defaulting: 1,
    },
    {
      name: 'form "Contre" then representation: the mandataire’s "Pour" counts (400 to 250, adopted)',
      lines: [
        ['A', R, 'disagree', 'agree'],
        ['B', P, null, 'disagree'],
        ['E', P, null, 'agree'],
      ],
      decision: 'adopted',
      agree: 400,
      disagree: 250,
      participants: 650,
      defaulting: 0,
    },
    {
      name: 'form "Pour" then representation with a "Contre" at the meeting: the meeting’s vote counts (100 to 550)',
      lines: [
        ['A', R, 'agree', 'disagree'],
        ['B', P, null, 'disagree'],
        ['E', P, null, 'agree'],
      ],
      decision: 'rejected',
      agree: 100,
      disagree: 550,
      participants: 650,
      defaulting: 0,
    },
    {
      name: 'by correspondence, a stray meeting vote does not count: the form does (300 to 250)',
      lines: [
        ['A', C, 'agree', 'disagree'],
        ['B', P, null, 'disagree'],
      ],
      decision: 'adopted',
      agree: 300,
      disagree: 250,
      participants: 550,
      defaulting: 0,
    },
  ])('$name', ({ lines, amended, decision, agree, disagree, participants, defaulting }) => {
    const t = run('ART-24', lines, { amended });
    expect(t.decision).toBe(decision);
    expect(t.first?.agree.tantiemes).toBe(agree);
    expect(t.first?.disagree.tantiemes).toBe(disagree);
    expect(t.first?.participants.tantiemes).toBe(participants);
    expect(t.amended_defaulting).toBe(defaulting);
  });

  it('picks the ballot by attendance', () => {
    const form: TallyBallot = { coproprietaire_id: 'A', resolution_id: 'r', vote_1: 'agree', form: true };
    const meeting: TallyBallot = {
      coproprietaire_id: 'A',
      resolution_id: 'r',
      vote_1: 'abstain',
      form: false,
    };
    expect(countedBallot('correspondence', [form, meeting])).toBe(form);
    expect(countedBallot('present', [form, meeting])).toBe(meeting);
    expect(countedBallot('represented', [form])).toBeUndefined();
    expect(countedBallot(null, [form, meeting])).toBeUndefined();
  });
});

/** Unanimity (loi art. 11 al. 1, art. 26 al. 3): every co-owner of the syndicat, or of the key, votes for. */
describe('unanimity', () => {
  const all = (v: VoteChoice): Line[] => Object.keys(shares).map((id) => [id, P, null, v]);
  it.each<{ name: string; lines: Line[]; repartition?: string; decision: 'adopted' | 'rejected' }>([
    { name: 'all five for: adopted', lines: all('agree'), decision: 'adopted' },
    {
      name: 'E (100 of 1 000) absent, the four others for: rejected',
      lines: all('agree').filter((l) => l[0] !== 'E'),
      decision: 'rejected',
    },
    {
      name: 'E abstains: rejected',
      lines: [...all('agree').filter((l) => l[0] !== 'E'), ['E', P, null, 'abstain']],
      decision: 'rejected',
    },
    {
      name: 'E by correspondence "Pour", the others for at the meeting: adopted',
      lines: [...all('agree').filter((l) => l[0] !== 'E'), ['E', C, 'agree', null]],
      decision: 'adopted',
    },
    {
      name: 'elevator key: C and D (the only members of ASC) for, the others absent: adopted',
      lines: [
        ['C', P, null, 'agree'],
        ['D', R, null, 'agree'],
      ],
      repartition: 'ASC',
      decision: 'adopted',
    },
    {
      name: 'elevator key: D present without voting: rejected',
      lines: [
        ['C', P, null, 'agree'],
        ['D', P, null, null],
      ],
      repartition: 'ASC',
      decision: 'rejected',
    },
  ])('$name', ({ lines, repartition, decision }) => {
    const t = run('UNANIMITE', lines, { repartition });
    expect(t.decision).toBe(decision);
    expect(t.rule).toBe('UNANIMITE');
    expect(t.second).toBeNull();
  });

  it('is one of the articles; anything else is not', () => {
    expect(parseArticle('UNANIMITE')).toBe('UNANIMITE');
    expect(parseArticle('ART-26')).toBe('ART-26');
    expect(parseArticle('ART-27')).toBeNull();
    expect(parseArticle('art-24')).toBeNull();
  });
});

/**
 * The counted voters the minutes name (décret du 17 mars 1967, art. 17): who counted with which
 * choice and voix, and the défaillants. One reading of the ballots, the tally's own.
 */
describe('the counted voters and the défaillants, as the minutes name them', () => {
  const voters = (t: ReturnType<typeof run>) =>
    t.voters.map((v) => `${v.coproprietaire_id}:${v.vote_1 ?? '-'}:${v.voix}`).sort();
  const defaillants = (t: ReturnType<typeof run>) =>
    t.defaillants.map((d) => `${d.coproprietaire_id}:${d.voix}`).sort();
  it.each<[string, Line[], { amended?: boolean; repartition?: string }, string[], string[]]>([
    [
      "a form 'Pour' then presence and 'Contre' at the meeting: only the meeting's choice counts",
      [
        ['A', P, 'agree', 'disagree'],
        ['B', C, 'abstain', null],
      ],
      {},
      ['A:disagree:300', 'B:abstain:250'],
      ['C:200', 'D:150', 'E:100'],
    ],
    [
      'a form then representation, no vote at the meeting: present without a vote, the form void',
      [
        ['A', R, 'agree', null],
        ['E', C, 'disagree', null],
      ],
      {},
      ['A:-:300', 'E:disagree:100'],
      ['B:250', 'C:200', 'D:150'],
    ],
    [
      "an amended resolution: the form's 'Pour' is défaillant, its 'Contre' still counts",
      [
        ['A', C, 'agree', null],
        ['B', C, 'disagree', null],
        ['C', P, null, 'agree'],
      ],
      { amended: true },
      ['B:disagree:250', 'C:agree:200'],
      ['A:300', 'D:150', 'E:100'],
    ],
    [
      'a special key: only its members, with their voix in it',
      [
        ['C', P, null, 'agree'],
        ['A', P, null, 'disagree'],
      ],
      { repartition: 'ASC' },
      ['C:agree:60'],
      ['D:40'],
    ],
  ])('%s', (_, lines, opts, counted, absent) => {
    const t = run('ART-24', lines, opts);
    expect(voters(t)).toEqual(counted);
    expect(defaillants(t)).toEqual(absent);
    // The named voix add up to the counts.
    const sum = (c: string) => t.voters.filter((v) => v.vote_1 === c).reduce((s, v) => s + v.voix, 0);
    expect([sum('agree'), sum('disagree'), sum('abstain')]).toEqual([
      t.first?.agree.tantiemes,
      t.first?.disagree.tantiemes,
      t.first?.abstain.tantiemes,
    ]);
    expect(t.defaillants.reduce((s, d) => s + d.voix, 0)).toBe(
      (t.total.tantiemes ?? 0) - (t.first?.participants.tantiemes ?? 0),
    );
  });
});
