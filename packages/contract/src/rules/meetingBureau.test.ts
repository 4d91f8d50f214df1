import { describe, expect, it } from 'vitest';
import { DECISION_TYPES } from './decisionTypes.js';
import {
  AMENDMENT_SCOPE,
  amendmentError,
  type BureauCandidate,
  bureauFirstError,
  bureauFromRecords,
  bureauMemberError,
  bureauRoleOf,
} from './meetingBureau.js';
import { type RegisterRecord, tallyFromRecords } from './register.js';

describe('décret 1967 art. 15: the bureau is designated first, at art. 24', () => {
  it.each(['bureau_president', 'bureau_scrutateur', 'bureau_secretaire'] as const)('%s at art. 24', (n) => {
    expect(DECISION_TYPES[n].article).toBe('ART-24');
    expect(DECISION_TYPES[n].source).toContain('art. 15');
  });
  it.each<[string, (string | null)[], boolean]>([
    ['bureau then the accounts', ['bureau_president', 'bureau_scrutateur', 'approbation_comptes'], true],
    ['no bureau resolution at all', ['approbation_comptes', null], true],
    ['the président after the accounts', ['approbation_comptes', 'bureau_president'], false],
    ['a free question before the scrutateurs', ['bureau_president', null, 'bureau_scrutateur'], false],
  ])('%s → first: %s', (_n, natures, ok) => {
    expect(bureauFirstError(natures) === null).toBe(ok);
  });
  it('knows the role of a nature', () => {
    expect(bureauRoleOf('bureau_scrutateur')).toBe('scrutateur');
    expect(bureauRoleOf('approbation_comptes')).toBeNull();
  });
});

describe('who may be recorded in the bureau (art. 15, loi art. 22 I)', () => {
  const c = (o: Partial<BureauCandidate>): BureauCandidate => ({
    role: 'president',
    coproprietaire: 'A',
    attendance: 'present',
    mandataireAtMeeting: false,
    exclusion: null,
    decision: 'adopted',
    ...o,
  });
  it.each<[string, BureauCandidate, string | null]>([
    ['a co-owner present, elected', c({}), null],
    ['not adopted', c({ decision: 'rejected' }), "n'est pas adoptée"],
    ['a co-owner voting by correspondence', c({ attendance: 'correspondence' }), 'présentes à la séance'],
    ['a co-owner present as secrétaire', c({ role: 'secretaire' }), null],
    ['a co-owner represented (their mandataire is, not them)', c({ attendance: 'represented' }), 'présentes'],
    [
      'the mandataire of a represented co-owner',
      c({ coproprietaire: null, mandataireAtMeeting: true }),
      null,
    ],
    ['someone else named', c({ coproprietaire: null, role: 'scrutateur' }), 'présentes'],
    ['the syndic as président', c({ coproprietaire: null, exclusion: 'le syndic' }), 'art. 22 I'],
    [
      'the syndic as secrétaire is the default (art. 15, 2e al.)',
      c({ coproprietaire: null, role: 'secretaire', exclusion: 'le syndic' }),
      'sans autre désignation',
    ],
  ])('%s', (_n, cand, error) => {
    const e = bureauMemberError(cand);
    if (error === null) expect(e).toBeNull();
    else expect(e).toContain(error);
  });

  it('reads the bureau from the register: the last président, each scrutateur once, the syndic as secrétaire', () => {
    let seq = 0;
    const b = (role: string, id: string | null, name: string): RegisterRecord => ({
      seq: ++seq,
      kind: 'bureau',
      coproprietaire_id: id ?? '',
      payload: { role, member: { coproprietaire_id: id, name } },
    });
    const syndic = { id: null, name: 'Hélène Moreau' };
    expect(
      bureauFromRecords(
        [
          b('president', 'A', 'Jean Petit'),
          b('president', 'B', 'Anne Roux'),
          b('scrutateur', 'C', 'Luc Blanc'),
          b('scrutateur', 'C', 'Luc Blanc'),
          b('scrutateur', null, 'Marc Noir'),
        ],
        syndic,
      ),
    ).toEqual({
      president: { id: 'B', name: 'Anne Roux' },
      secretaire: syndic,
      scrutateurs: [
        { id: 'C', name: 'Luc Blanc' },
        { id: null, name: 'Marc Noir' },
      ],
    });
    expect(bureauFromRecords([b('secretaire', 'A', 'Jean Petit')], syndic).secretaire).toEqual({
      id: 'A',
      name: 'Jean Petit',
    });
  });
});

describe('amendments in session (décret art. 13, loi art. 17-1 A)', () => {
  it.each<[string, { noVote: boolean; voted: boolean; withinAgenda: boolean }, string | null]>([
    ['within the question, before its vote', { noVote: false, voted: false, withinAgenda: true }, null],
    [
      'beyond the question on the agenda',
      { noVote: false, voted: false, withinAgenda: false },
      AMENDMENT_SCOPE,
    ],
    ['after votes were entered', { noVote: false, voted: true, withinAgenda: true }, 'déjà saisis'],
    ['a question without a vote', { noVote: true, voted: false, withinAgenda: true }, "n'est pas soumise"],
  ])('%s', (_n, a, error) => {
    const e = amendmentError(a);
    if (error === null) expect(e).toBeNull();
    else expect(e).toContain(error);
  });

  it('an amendment record makes the correspondence « Pour » défaillant, the « Contre » still counts', () => {
    // CG 1 000: A 400 present, B 350 by correspondence Pour, C 250 by correspondence Contre.
    const owners = [
      { id: 'A', tantiemes: { CG: 400 } },
      { id: 'B', tantiemes: { CG: 350 } },
      { id: 'C', tantiemes: { CG: 250 } },
    ];
    const resolutions = [{ id: 'r1', number: 1, article: 'ART-24', no_vote: false, repartition: 'CG' }];
    const base: RegisterRecord[] = [
      {
        seq: 1,
        kind: 'ballot',
        coproprietaire_id: 'B',
        payload: { choices: [{ resolution_id: 'r1', vote_1: 'agree' }] },
      },
      {
        seq: 2,
        kind: 'ballot',
        coproprietaire_id: 'C',
        payload: { choices: [{ resolution_id: 'r1', vote_1: 'disagree' }] },
      },
      { seq: 3, kind: 'attendance', coproprietaire_id: 'A', payload: { attendance: 'present' } },
    ];
    const amend: RegisterRecord = {
      seq: 4,
      kind: 'amendment',
      coproprietaire_id: '',
      payload: { resolution_id: 'r1', text: 'Le devis de 12 400 € est retenu.' },
    };
    const vote: RegisterRecord = {
      seq: 5,
      kind: 'session_vote',
      coproprietaire_id: 'A',
      payload: { resolution_id: 'r1', vote_1: 'disagree' },
    };
    const t = (records: RegisterRecord[]) =>
      tallyFromRecords({ records, resolutions, coproprietaires: owners, generalRepartition: 'CG' })[0]!;
    const before = t([...base, vote]);
    expect([
      before.first?.agree.tantiemes,
      before.first?.disagree.tantiemes,
      before.amended_defaulting,
    ]).toEqual([350, 650, 0]);
    const after = t([...base, amend, vote]);
    expect([after.first?.agree.tantiemes, after.first?.disagree.tantiemes, after.amended_defaulting]).toEqual(
      [0, 650, 1],
    );
    expect(after.defaillants).toContainEqual({ coproprietaire_id: 'B', voix: 350, assimilated: true });
  });
});
