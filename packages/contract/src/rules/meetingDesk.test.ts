import { describe, expect, it } from 'vitest';
import { parisInstant } from './assemblee.js';
import {
  type BlankProxyDesignator,
  type BlankProxyFacts,
  blankProxyDesignatorError,
  formReceivedInTime,
  movementAllowed,
  requiredBlankProxyDesignator,
} from './meetingDesk.js';
import { type RegisterRecord, tallyFromRecords } from './register.js';

describe('décret 1967 art. 9 bis: a paper form counts when received three clear days before', () => {
  // Meeting on Thursday 10 December 2026 at 18:30, Paris: 7, 8 and 9 December must be whole.
  const meeting = parisInstant('2026-12-10', '18:30');
  it.each<[string, string, string, boolean]>([
    ['received on the 5th', '2026-12-05', '10:00', true],
    ['received on the 6th at 23:59 (last minute of D-4)', '2026-12-06', '23:59', true],
    ['received on the 7th at 00:00 (D-3 must be whole)', '2026-12-07', '00:00', false],
    ['received on the 9th', '2026-12-09', '11:00', false],
    ['handed in on the day', '2026-12-10', '18:00', false],
  ])('%s → %s', (_n, day, time, counts) => {
    expect(formReceivedInTime(parisInstant(day, time), meeting)).toBe(counts);
  });
});

describe('décret art. 15-1: who designates the mandataire of a blank proxy', () => {
  const f = (conseil: boolean, president: boolean, membre: boolean): BlankProxyFacts => ({
    conseil,
    presidentConseilPresent: president,
    membreConseilPresent: membre,
  });
  it.each<[string, BlankProxyFacts, BlankProxyDesignator]>([
    ['président du conseil present', f(true, true, true), 'president_conseil'],
    ['président absent, a member present', f(true, false, true), 'membre_conseil'],
    ['conseil absent', f(true, false, false), 'president_seance'],
    ['no conseil syndical', f(false, false, false), 'president_seance'],
  ])('%s → %s', (_n, facts, role) => {
    expect(requiredBlankProxyDesignator(facts)).toBe(role);
    expect(blankProxyDesignatorError(role, facts)).toBeNull();
  });
  it('refuses the président de séance while the président du conseil is there, naming who', () => {
    expect(blankProxyDesignatorError('president_seance', f(true, true, false))).toBe(
      'Ce pouvoir en blanc est remis au président du conseil syndical, qui désigne le mandataire (décret du 17 mars 1967, art. 15-1).',
    );
  });
});

describe('arrivals and departures: a vote taken is not reopened', () => {
  it.each<[number, number[], boolean]>([
    [3, [1, 2], true],
    [2, [1, 2], false],
    [0, [], true],
    [1, [4], false],
  ])('from resolution %i with votes on %j → %s', (from, voted, ok) => {
    expect(movementAllowed(from, voted)).toBe(ok);
  });
});

describe('the register counts each resolution with those present at its vote', () => {
  // CG 1 000: A 400, B 350, C 250. Three art. 24 resolutions.
  const owners = [
    { id: 'A', tantiemes: { CG: 400 } },
    { id: 'B', tantiemes: { CG: 350 } },
    { id: 'C', tantiemes: { CG: 250 } },
  ];
  const resolutions = [1, 2, 3].map((n) => ({
    id: `r${n}`,
    number: n,
    article: 'ART-24',
    no_vote: false,
    repartition: 'CG',
  }));
  let seq = 0;
  const rec = (kind: string, who: string, payload: Record<string, unknown>): RegisterRecord => ({
    seq: ++seq,
    kind,
    coproprietaire_id: who,
    payload,
  });
  const vote = (who: string, r: string, v: string) =>
    rec('session_vote', who, { resolution_id: r, vote_1: v });
  const count = (records: RegisterRecord[]) =>
    tallyFromRecords({ records, resolutions, coproprietaires: owners, generalRepartition: 'CG' }).map((t) => [
      t.number,
      t.decision,
      t.first?.agree.tantiemes,
      t.first?.disagree.tantiemes,
      t.first?.participants.tantiemes,
    ]);
  it.each<{ name: string; records: () => RegisterRecord[]; expected: unknown[][] }>([
    {
      name: 'B leaves after resolution 1: from resolution 2 B is défaillant, its later votes do not count',
      records: () => [
        rec('attendance', 'A', { attendance: 'present' }),
        rec('attendance', 'B', { attendance: 'present', visio: true }),
        vote('A', 'r1', 'agree'),
        vote('B', 'r1', 'disagree'),
        rec('attendance', 'B', { attendance: null, from_resolution: 2 }),
        vote('A', 'r2', 'disagree'),
        vote('B', 'r2', 'agree'),
        vote('A', 'r3', 'agree'),
      ],
      expected: [
        [1, 'adopted', 400, 350, 750],
        [2, 'rejected', 0, 400, 400],
        [3, 'adopted', 400, 0, 400],
      ],
    },
    {
      name: 'C arrives before resolution 2: counted from resolution 2 on only',
      records: () => [
        rec('attendance', 'A', { attendance: 'present' }),
        vote('A', 'r1', 'agree'),
        rec('attendance', 'C', { attendance: 'present', from_resolution: 2 }),
        vote('A', 'r2', 'agree'),
        vote('C', 'r2', 'disagree'),
        vote('A', 'r3', 'disagree'),
        vote('C', 'r3', 'agree'),
      ],
      expected: [
        [1, 'adopted', 400, 0, 400],
        [2, 'adopted', 400, 250, 650],
        [3, 'rejected', 250, 400, 650],
      ],
    },
    {
      name: 'a form received after the deadline does not count; one in time does',
      records: () => [
        rec('ballot', 'A', {
          method: 'papier',
          received_at: '2026-12-08T09:00:00.000Z',
          deadline: '2026-12-06T22:59:59.999Z',
          choices: [{ resolution_id: 'r1', vote_1: 'agree', vote_2: null }],
        }),
        rec('ballot', 'B', {
          method: 'papier',
          received_at: '2026-12-04T09:00:00.000Z',
          deadline: '2026-12-06T22:59:59.999Z',
          choices: [{ resolution_id: 'r1', vote_1: 'disagree', vote_2: null }],
        }),
      ],
      expected: [
        [1, 'rejected', 0, 350, 350],
        [2, 'rejected', 0, 0, 350],
        [3, 'rejected', 0, 0, 350],
      ],
    },
  ])('$name', ({ records, expected }) => {
    seq = 0;
    expect(count(records())).toEqual(expected);
  });
});
