import { describe, expect, it } from 'vitest';
import {
  addMonthsClamped,
  ART_42_AL_2,
  type BureauMember,
  bureauError,
  contestDeadline,
  missingSignatures,
  pvNotificationDeadline,
  pvNotificationLate,
  pvRecipients,
  pvSignatureDeadline,
} from './pvNotification.js';
import { frTypo } from './typo.js';

const d = (s: string) => new Date(s);

describe('CPC art. 641: a delay in months ends on the same day number, else the last day', () => {
  it.each([
    ['2026-03-10', 1, '2026-04-10'],
    ['2026-01-31', 1, '2026-02-28'],
    ['2028-01-31', 1, '2028-02-29'],
    ['2026-12-31', 2, '2027-02-28'],
    ['2026-08-31', 2, '2026-10-31'],
  ])('%s + %i month(s) = %s', (from, months, to) => {
    expect(addMonthsClamped(from, months)).toBe(to);
  });
});

describe('décret 1967 art. 17: the bureau signs within eight days', () => {
  it.each([
    ['2026-06-15T18:00:00+02:00', '2026-06-23'],
    // Held late in the evening in Paris: the Paris date counts, not UTC's.
    ['2026-06-30T23:30:00+02:00', '2026-07-08'],
  ])('held %s: sign by %s', (held, last) => {
    expect(pvSignatureDeadline(d(held))).toBe(last);
  });
});

describe('loi 1965 art. 42, 2e al.: one month to notify, two months to contest', () => {
  it.each([
    ['held 15 June: notify by 15 July', '2026-06-15T18:00:00+02:00', '2026-07-15'],
    ['held 31 January: notify by the last day of February', '2027-01-31T18:00:00+01:00', '2027-02-28'],
    ['held 31 March: notify by 30 April', '2026-03-31T18:00:00+02:00', '2026-04-30'],
  ])('%s', (_, held, last) => {
    expect(pvNotificationDeadline(d(held))).toBe(last);
  });

  it.each([
    ['presented Friday 10 July: until Thursday 10 September', '2026-07-10T10:00:00+02:00', '2026-09-10'],
    [
      'presented 31 December: the last day of February, a Sunday, carried to Monday 1 March',
      '2026-12-31T10:00:00+01:00',
      '2027-03-01',
    ],
    ['ending on Saturday 12 September: carried to Monday 14', '2026-07-12T10:00:00+02:00', '2026-09-14'],
    ['ending on Armistice day (11 November): carried to the 12th', '2026-09-11T10:00:00+02:00', '2026-11-12'],
  ])('%s', (_, presented, last) => {
    expect(contestDeadline(d(presented))).toBe(last);
  });

  it.each<[string, string, string | null, string, boolean]>([
    [
      'sent within the month',
      '2026-06-15T18:00:00+02:00',
      '2026-07-01T09:00:00+02:00',
      '2026-08-01T09:00:00+02:00',
      false,
    ],
    [
      'sent on the last day',
      '2026-06-15T18:00:00+02:00',
      '2026-07-15T20:00:00+02:00',
      '2026-08-01T09:00:00+02:00',
      false,
    ],
    [
      'sent the day after the month',
      '2026-06-15T18:00:00+02:00',
      '2026-07-16T09:00:00+02:00',
      '2026-08-01T09:00:00+02:00',
      true,
    ],
    ['not sent, month running', '2026-06-15T18:00:00+02:00', null, '2026-07-10T09:00:00+02:00', false],
    ['not sent, month over', '2026-06-15T18:00:00+02:00', null, '2026-07-16T09:00:00+02:00', true],
  ])('late? %s', (_, held, sent, now, late) => {
    expect(pvNotificationLate(d(held), sent ? d(sent) : null, d(now))).toBe(late);
  });

  it('the notification reproduces art. 42 al. 2, typeset', () => {
    expect(ART_42_AL_2).toContain('deux mois à compter de la notification du procès-verbal');
    expect(ART_42_AL_2).toContain("dans le délai d'un mois à compter de la tenue");
    expect(frTypo(ART_42_AL_2)).toBe(ART_42_AL_2);
    // Spaced guillemets, as every text of the interface.
    expect(ART_42_AL_2).not.toMatch(/«[^\u00a0\u202f]|[^\u00a0\u202f]»/);
  });
});

describe('décret art. 18: notified to each opposant and défaillant, once', () => {
  const A = { id: 'a', name: 'Mme Anne Martin' };
  const B = { id: 'b', name: 'M. Bruno Durand' };
  const C = { id: 'c', name: 'Mme Chloé Robin' };
  it.each([
    [
      'nobody against, nobody absent: nobody',
      [{ number: 1, no_vote: false, opposants: [], defaillants: [] }],
      [],
    ],
    [
      'an opposant on 1, a défaillant on 1 and 2 (named once)',
      [
        { number: 1, no_vote: false, opposants: [A], defaillants: [B] },
        { number: 2, no_vote: false, opposants: [], defaillants: [B] },
      ],
      [
        // In the order of the names as the PV writes them (civility first).
        { id: 'b', name: B.name, opposant: [], defaillant: [1, 2] },
        { id: 'a', name: A.name, opposant: [1], defaillant: [] },
      ],
    ],
    [
      'an assimilated défaillant (amended resolution) and an opposant elsewhere',
      [
        { number: 1, no_vote: false, opposants: [C], defaillants: [] },
        { number: 2, no_vote: false, opposants: [], defaillants: [C] },
      ],
      [{ id: 'c', name: C.name, opposant: [1], defaillant: [2] }],
    ],
    [
      'a resolution without vote notifies nobody',
      [{ number: 1, no_vote: true, opposants: [], defaillants: [A] }],
      [],
    ],
  ])('%s', (_, resolutions, expected) => {
    expect(pvRecipients(resolutions)).toEqual(expected);
  });
});

describe('décret art. 17: the bureau and its signatures', () => {
  const pres: BureauMember = { role: 'president', coproprietaire_id: 'a', name: 'Mme Anne Martin' };
  const sec: BureauMember = { role: 'secretaire', coproprietaire_id: null, name: 'Cabinet Lenoir, syndic' };
  const scr: BureauMember = { role: 'scrutateur', coproprietaire_id: 'b', name: 'M. Bruno Durand' };
  const scr2: BureauMember = { role: 'scrutateur', coproprietaire_id: 'c', name: 'Mme Chloé Robin' };
  it.each<[string, BureauMember[], string | null]>([
    ['complete', [pres, sec, scr], null],
    ['two scrutateurs', [pres, sec, scr, scr2], null],
    ['no scrutateur', [pres, sec], 'Le bureau a au moins un scrutateur.'],
    ['no président', [sec, scr], 'Le bureau a un président de séance, et un seul.'],
    [
      'a président who is not a co-owner',
      [{ ...pres, coproprietaire_id: null }, sec, scr],
      'Le président de séance est un copropriétaire.',
    ],
    ['two secrétaires', [pres, sec, sec, scr], 'Le bureau a un secrétaire, et un seul.'],
  ])('%s', (_, members, error) => {
    expect(bureauError(members)).toBe(error);
  });
  it.each<[string, string[], string[]]>([
    ['nobody signed', [], ['president:0', 'secretaire:0', 'scrutateur:0', 'scrutateur:1']],
    ['one scrutateur missing', ['president:0', 'secretaire:0', 'scrutateur:0'], ['scrutateur:1']],
    ['all in: sealed', ['president:0', 'secretaire:0', 'scrutateur:0', 'scrutateur:1'], []],
  ])('%s', (_, signed, missing) => {
    expect(missingSignatures([pres, sec, scr, scr2], new Set(signed))).toEqual(missing);
  });
});
