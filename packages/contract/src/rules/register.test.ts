import { describe, expect, it } from 'vitest';
import { type RegisterRecord, registerState, tallyFromRecords } from './register.js';
import type { TallyResolution } from './tally.js';

/** CG 1 000: A 300, B 250, C 200, D 150, E 100; three resolutions. */
const owners = [
  { id: 'A', tantiemes: { CG: 300 } },
  { id: 'B', tantiemes: { CG: 250 } },
  { id: 'C', tantiemes: { CG: 200 } },
  { id: 'D', tantiemes: { CG: 150 } },
  { id: 'E', tantiemes: { CG: 100 } },
];
const resolutions: TallyResolution[] = [
  { id: 'r1', number: 1, article: 'ART-24', no_vote: false, repartition: 'CG' },
  { id: 'r2', number: 2, article: 'ART-25', no_vote: false, repartition: 'CG' },
  { id: 'r3', number: 3, article: 'ART-24', no_vote: false, repartition: 'CG', amended: true },
];

let seq = 0;
const rec = (kind: string, who: string, payload: Record<string, unknown>): RegisterRecord => ({
  seq: ++seq,
  kind,
  coproprietaire_id: who,
  payload,
});
const form = (who: string, c: Record<string, [string | null, string | null]>) =>
  rec('ballot', who, {
    method: 'e_form',
    choices: Object.entries(c).map(([resolution_id, [vote_1, vote_2]]) => ({
      resolution_id,
      vote_1,
      vote_2,
    })),
  });
const attend = (who: string, attendance: string | null, mandataire?: unknown) =>
  rec('attendance', who, { attendance, ...(mandataire ? { mandataire } : {}) });
const vote = (who: string, resolution_id: string, v: Record<string, string | null>) =>
  rec('session_vote', who, { resolution_id, ...v });

const tally = (records: RegisterRecord[]) =>
  tallyFromRecords({ records, resolutions, coproprietaires: owners, generalRepartition: 'CG' });
const summary = (records: RegisterRecord[]) =>
  tally(records).map((t) => [
    t.number,
    t.decision,
    t.rule,
    t.first?.agree.tantiemes,
    t.first?.disagree.tantiemes,
  ]);

describe('tallyFromRecords: the result from the register alone', () => {
  it.each<{ name: string; records: () => RegisterRecord[]; expected: unknown[][] }>([
    {
      name: 'forms only: each co-owner’s last form counts; the absent are défaillants of the art. 25 base',
      records: () => [
        form('A', { r1: ['disagree', null], r2: ['disagree', 'disagree'], r3: ['agree', null] }),
        form('A', { r1: ['agree', null], r2: ['agree', 'agree'], r3: ['agree', null] }),
        form('B', { r1: ['disagree', null], r2: ['agree', 'agree'], r3: ['disagree', null] }),
      ],
      expected: [
        [1, 'adopted', 'ART-24', 300, 250],
        // 550 of 1 000: more than half of all the co-owners’ voix.
        [2, 'adopted', 'ART-25', 550, 0],
        // Amended: A’s form “Pour” is défaillant, B’s “Contre” counts.
        [3, 'rejected', 'ART-24', 0, 250],
      ],
    },
    {
      name: 'per-resolution meeting entry: entering resolution 2 keeps resolution 1’s vote',
      records: () => [
        attend('C', 'present'),
        attend('D', 'present'),
        vote('C', 'r1', { vote_1: 'disagree' }),
        vote('D', 'r1', { vote_1: 'agree' }),
        vote('C', 'r2', { vote_1: 'agree' }),
        vote('D', 'r2', { vote_1: 'agree' }),
      ],
      expected: [
        [1, 'rejected', 'ART-24', 150, 200],
        // 350 of 1 000 ≥ one third: the 25-1 second vote opens, nobody has voted in it yet.
        [2, 'rejected', 'ART-25-1', 350, 0],
        [3, 'rejected', 'ART-24', 0, 0],
      ],
    },
    {
      name: 'the second vote entered after the first, then a correction of resolution 1',
      records: () => [
        attend('C', 'present'),
        attend('D', 'present'),
        vote('C', 'r2', { vote_1: 'agree' }),
        vote('D', 'r2', { vote_1: 'agree' }),
        vote('C', 'r2', { vote_2: 'agree' }),
        vote('D', 'r2', { vote_2: 'abstain' }),
        vote('C', 'r1', { vote_1: 'disagree' }),
        vote('C', 'r1', { vote_1: 'agree' }),
      ],
      expected: [
        [1, 'adopted', 'ART-24', 200, 0],
        [2, 'adopted', 'ART-25-1', 350, 0],
        [3, 'rejected', 'ART-24', 0, 0],
      ],
    },
    {
      name: 'a form then presence: the form is void for every resolution, the meeting votes count',
      records: () => [
        form('A', { r1: ['agree', null], r2: ['agree', 'agree'], r3: ['agree', null] }),
        attend('A', 'present'),
        attend('B', 'present'),
        vote('B', 'r3', { vote_1: 'disagree' }),
        vote('A', 'r1', { vote_1: 'disagree' }),
      ],
      expected: [
        [1, 'rejected', 'ART-24', 0, 300],
        [2, 'rejected', 'ART-25', 0, 0],
        [3, 'rejected', 'ART-24', 0, 250],
      ],
    },
    {
      name: 'a form then representation, the mandataire voting “Pour” on resolution 3 only',
      records: () => [
        form('A', { r1: ['disagree', null], r2: ['disagree', 'disagree'], r3: ['disagree', null] }),
        attend('A', 'represented', { name: 'Mme Lenoir' }),
        vote('A', 'r3', { vote_1: 'agree' }),
      ],
      expected: [
        [1, 'rejected', 'ART-24', 0, 0],
        [2, 'rejected', 'ART-25', 0, 0],
        [3, 'adopted', 'ART-24', 300, 0],
      ],
    },
    {
      name: 'an attendance withdrawn (entered by mistake): the form counts again',
      records: () => [
        form('A', { r1: ['agree', null], r2: ['agree', 'agree'], r3: ['disagree', null] }),
        attend('A', 'present'),
        attend('A', null),
      ],
      expected: [
        [1, 'adopted', 'ART-24', 300, 0],
        // 300 of 1 000 is less than one third: no 25-1 second vote.
        [2, 'rejected', 'ART-25', 300, 0],
        [3, 'rejected', 'ART-24', 0, 300],
      ],
    },
    {
      name: 'a meeting vote without attendance, a signature, and a stranger’s record count for nothing',
      records: () => [
        vote('E', 'r1', { vote_1: 'agree' }),
        rec('signature', 'B', { mode: 'ATTENDANCE' }),
        attend('Z', 'present'),
        vote('Z', 'r1', { vote_1: 'agree' }),
      ],
      expected: [
        [1, 'rejected', 'ART-24', 0, 0],
        [2, 'rejected', 'ART-25', 0, 0],
        [3, 'rejected', 'ART-24', 0, 0],
      ],
    },
    {
      name: 'a whole ballot entered at the meeting (attendance in its payload) is a meeting vote',
      records: () => [
        form('B', { r1: ['disagree', null], r2: ['disagree', 'disagree'], r3: ['disagree', null] }),
        rec('ballot', 'B', {
          method: 'saisie_par_admin',
          attendance: 'present',
          choices: [{ resolution_id: 'r1', vote_1: 'agree', vote_2: null }],
        }),
      ],
      expected: [
        [1, 'adopted', 'ART-24', 250, 0],
        [2, 'rejected', 'ART-25', 0, 0],
        [3, 'rejected', 'ART-24', 0, 0],
      ],
    },
  ])('$name', ({ records, expected }) => {
    expect(summary(records())).toEqual(expected);
  });

  it('replays records in chain order whatever order they are given in', () => {
    const records = [attend('A', 'present'), vote('A', 'r1', { vote_1: 'agree' }), attend('A', null)];
    expect(summary([...records].reverse())).toEqual(summary(records));
    expect(registerState(records).get('A')?.attendance).toBeNull();
  });

  it('keeps the mandataire of a represented co-owner', () => {
    const state = registerState([attend('A', 'represented', { name: 'Mme Lenoir', coproprietaire_id: 'B' })]);
    expect(state.get('A')).toMatchObject({
      attendance: 'represented',
      mandataire: { name: 'Mme Lenoir', coproprietaire_id: 'B' },
    });
  });
});
