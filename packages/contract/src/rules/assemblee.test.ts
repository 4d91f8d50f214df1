import { describe, expect, it } from 'vitest';
import {
  assembleeStatusLabel,
  canonicalJson,
  correspondenceDeadline,
  formatParisDate,
  formatParisTime,
  isVoteActive,
  parisDate,
  parisInstant,
  parisOffsetMinutes,
  parisOffsetMinutesIntl,
  parisWallClock,
  parisWallClockIntl,
  sentStatusLabel,
  voteCounter,
} from './assemblee.js';

describe('valid_to: three clear days before the meeting (décret du 17 mars 1967, art. 9 bis), Europe/Paris', () => {
  it.each([
    // meeting (UTC instant)            → last moment to vote (UTC)
    ['Thursday evening, winter', '2026-01-15T17:30:00Z', '2026-01-11T22:59:59.999Z'],
    ['month end: 1 March 2026 (28-day February)', '2026-03-01T17:30:00Z', '2026-02-25T22:59:59.999Z'],
    ['leap year: 2 March 2028 → 27 February', '2028-03-02T17:30:00Z', '2028-02-27T22:59:59.999Z'],
    ['year end: 2 January 2027 → 29 December', '2027-01-02T17:30:00Z', '2026-12-29T22:59:59.999Z'],
    [
      'DST starts on 29 March 2026: the deadline day is in summer time',
      '2026-04-02T16:30:00Z',
      '2026-03-29T21:59:59.999Z',
    ],
    [
      'the meeting is in summer time, the deadline in winter time (28 March 2026)',
      '2026-04-01T16:30:00Z',
      '2026-03-28T22:59:59.999Z',
    ],
    [
      'DST ends on 25 October 2026: the deadline day is 25 hours long',
      '2026-10-29T17:30:00Z',
      '2026-10-25T22:59:59.999Z',
    ],
    [
      'summer meeting at 00:30 Paris (still the previous day in UTC)',
      '2026-06-09T22:30:00Z',
      '2026-06-06T21:59:59.999Z',
    ],
  ])('%s', (_, meeting, deadline) => {
    expect(correspondenceDeadline(new Date(meeting)).toISOString()).toBe(deadline);
  });

  it('leaves D-3, D-2 and D-1 whole: a vote at 23:59 on D-4 counts, one at 00:00 on D-3 does not', () => {
    const meeting = parisInstant('2026-12-10', '18:30');
    const validTo = correspondenceDeadline(meeting);
    const open = { status_session: null, valid_to: validTo };
    expect(isVoteActive(open, parisInstant('2026-12-06', '23:59'))).toBe(true);
    expect(isVoteActive(open, parisInstant('2026-12-07', '00:00'))).toBe(false);
  });

  it('parisInstant reads Paris wall-clock time in winter and summer', () => {
    expect(parisInstant('2026-01-10', '18:30').toISOString()).toBe('2026-01-10T17:30:00.000Z');
    expect(parisInstant('2026-07-10', '18:30').toISOString()).toBe('2026-07-10T16:30:00.000Z');
  });
});

describe('SPEC §4 online vote and status labels', () => {
  const now = new Date('2026-05-01T10:00:00Z');
  it('is active only without status_session and before valid_to', () => {
    expect(isVoteActive({ status_session: null, valid_to: '2026-05-02T00:00:00Z' }, now)).toBe(true);
    expect(isVoteActive({ status_session: 1, valid_to: '2026-05-02T00:00:00Z' }, now)).toBe(false);
    expect(isVoteActive({ status_session: null, valid_to: '2026-05-01T10:00:00Z' }, now)).toBe(false);
    expect(isVoteActive({ status_session: null, valid_to: null }, now)).toBe(false);
  });

  it('labels statuses', () => {
    const fmt = (d: string) => d.slice(0, 10);
    expect(assembleeStatusLabel(1, null, fmt)).toBe('En cours');
    expect(assembleeStatusLabel(2, null, fmt)).toBe('Terminée');
    expect(assembleeStatusLabel(3, '2026-04-01T18:00:00Z', fmt)).toBe('2026-04-01');
    expect(assembleeStatusLabel(3, null, fmt)).toBe('Effectué');
    expect(assembleeStatusLabel(0, null, fmt)).toBe('Non');
    expect(sentStatusLabel(1, '2026-03-01T10:00:00Z', fmt)).toBe('2026-03-01');
    expect(sentStatusLabel(1, null, fmt)).toBe('Fait');
    expect(sentStatusLabel(0, '2026-03-01', fmt)).toBe('Non');
  });

  it('counts valid resolutions; ART-25 and ART-26 need both choices; no_vote is left out', () => {
    const rs = [
      { id: 'a', article: 'ART-24', no_vote: false },
      { id: 'b', article: 'ART-25', no_vote: false },
      { id: 'c', article: 'ART-26', no_vote: false },
      { id: 'd', article: 'ART-24', no_vote: true },
    ];
    expect(voteCounter(rs, {})).toEqual({ valid: 0, total: 3 });
    expect(
      voteCounter(rs, {
        a: { vote_1: 'abstain' },
        b: { vote_1: 'agree' },
        c: { vote_1: 'agree', vote_2: 'disagree' },
      }),
    ).toEqual({
      valid: 2,
      total: 3,
    });
  });
});

describe('canonical JSON of chained records', () => {
  it('sorts keys at every level', () => {
    expect(canonicalJson({ b: 1, a: { d: [2, { f: 1, e: 0 }], c: null } })).toBe(
      '{"a":{"c":null,"d":[2,{"e":0,"f":1}]},"b":1}',
    );
  });
});

describe('Paris time without Intl: the EU rule, checked against the time-zone database', () => {
  it('agrees every 15 minutes around each change of 1996–2060, and at 20,000 instants in between', () => {
    const instants: Date[] = [];
    for (let year = 1996; year <= 2060; year++)
      for (const month of [3, 10]) {
        const last = new Date(Date.UTC(year, month, 0));
        const change = Date.UTC(year, month - 1, last.getUTCDate() - last.getUTCDay(), 1);
        for (let m = -180; m <= 180; m += 15) instants.push(new Date(change + m * 60_000));
        instants.push(new Date(change - 1), new Date(change));
      }
    let seed = 42;
    const next = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    const from = Date.UTC(1996, 0, 1);
    const to = Date.UTC(2061, 0, 1);
    for (let i = 0; i < 20_000; i++) instants.push(new Date(from + Math.floor(next() * (to - from))));
    // The time-zone database (through Intl) is the reference the arithmetic must match.
    const wrong = instants.filter(
      (at) =>
        JSON.stringify(parisWallClock(at)) !== JSON.stringify(parisWallClockIntl(at)) ||
        parisOffsetMinutes(at) !== parisOffsetMinutesIntl(at),
    );
    expect(wrong.map((at) => at.toISOString())).toEqual([]);
  });

  it('writes the date and the time as the screens show them, and asks Intl before 1996', () => {
    expect(formatParisDate('2026-12-17T17:30:00.000Z')).toBe('17/12/2026');
    expect(formatParisTime('2026-12-17T17:30:00.000Z')).toBe('18:30');
    expect(formatParisTime('2026-07-01T22:05:00.000Z')).toBe('00:05');
    expect(parisDate(new Date('2026-07-01T22:05:00.000Z'))).toBe('2026-07-02');
    // 29 March 2026, 01:00 UTC: 02:00 in winter time becomes 03:00 in summer time.
    expect(formatParisTime('2026-03-29T00:59:00.000Z')).toBe('01:59');
    expect(formatParisTime('2026-03-29T01:00:00.000Z')).toBe('03:00');
    expect(parisOffsetMinutes(new Date('1990-07-01T12:00:00Z'))).toBe(120);
    expect(() => formatParisTime('pas une date')).toThrow(RangeError);
  });
});
