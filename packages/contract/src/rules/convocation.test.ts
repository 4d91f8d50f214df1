import { describe, expect, it } from 'vitest';
import { parisDate, parisInstant } from './assemblee.js';
import {
  convocationTooLate,
  earliestMeetingDate,
  estimatedPostalPresentation,
  isFrenchPublicHoliday,
  isWorkingDay,
} from './convocation.js';

/** Décret du 17 mars 1967, art. 9 and 64: 21 days from the day after the first presentation. */
describe('the 21 days of the convocation, per co-owner, in Europe/Paris', () => {
  it.each([
    // first presentation (Paris wall clock)  → first possible meeting date
    ['a Tuesday', '2026-06-02', '10:00', '2026-06-24'],
    ['a Saturday: the delay starts on Sunday all the same', '2026-05-02', '11:30', '2026-05-24'],
    ['a Saturday evening, meeting day a Sunday', '2026-10-03', '19:00', '2026-10-25'],
    ['month end: 31 January', '2026-01-31', '09:00', '2026-02-22'],
    ['February of a leap year: 10 February 2028', '2028-02-10', '09:00', '2028-03-03'],
    ['year end: 20 December', '2026-12-20', '09:00', '2027-01-11'],
    ['DST starts within the 21 days (29 March 2026)', '2026-03-10', '23:30', '2026-04-01'],
    ['DST ends within the 21 days (25 October 2026)', '2026-10-10', '00:15', '2026-11-01'],
  ])('%s', (_name, date, time, earliest) => {
    expect(earliestMeetingDate(parisInstant(date, time))).toBe(earliest);
  });

  it('reads the presentation’s day in Paris, not in UTC: 23:30 UTC on 10 March is 11 March in Paris', () => {
    expect(earliestMeetingDate(new Date('2026-03-10T23:30:00Z'))).toBe('2026-04-02');
    expect(earliestMeetingDate(new Date('2026-03-10T22:30:00Z'))).toBe('2026-04-01');
  });

  it('lists the co-owners for whom the meeting is too early, and only them', () => {
    const meeting = parisInstant('2026-06-24', '18:00');
    const notices = [
      { id: 'on-time', first_presentation: parisInstant('2026-06-02', '10:00') },
      { id: 'a-day-late', first_presentation: parisInstant('2026-06-03', '08:00') },
      { id: 'early', first_presentation: parisInstant('2026-05-20', '16:00') },
      { id: 'saturday-late', first_presentation: parisInstant('2026-06-06', '09:00') },
    ];
    expect(convocationTooLate(meeting, notices)).toEqual([
      { id: 'a-day-late', earliest_meeting: '2026-06-25' },
      { id: 'saturday-late', earliest_meeting: '2026-06-28' },
    ]);
  });

  it('a meeting at 00:30 on the first possible day is in time, one at 23:59 the day before is not', () => {
    const notices = [{ id: 'x', first_presentation: parisInstant('2026-03-10', '12:00') }];
    expect(convocationTooLate(parisInstant('2026-04-01', '00:30'), notices)).toEqual([]);
    expect(convocationTooLate(parisInstant('2026-03-31', '23:59'), notices)).toHaveLength(1);
  });
});

describe('more first presentations: a Saturday at month end, a presentation on the DST day', () => {
  it.each([
    ['a Saturday at month end (31 October 2026), across the DST change', '2026-10-31', '10:00', '2026-11-22'],
    ['a Saturday at month end (28 February 2026)', '2026-02-28', '09:00', '2026-03-22'],
    ['on the DST change itself (Sunday 29 March 2026, 03:30)', '2026-03-29', '03:30', '2026-04-20'],
    ['late evening the day DST ends (25 October 2026, 23:45)', '2026-10-25', '23:45', '2026-11-16'],
  ])('%s', (_name, date, time, earliest) => {
    expect(earliestMeetingDate(parisInstant(date, time))).toBe(earliest);
  });
});

/** A lettre recommandée posted on day J is estimated first presented on the next working day. */
describe('the estimated first presentation of a lettre recommandée: J+1 ouvré', () => {
  it.each([
    ['posted on a Tuesday → Wednesday', '2026-06-02', '2026-06-03'],
    ['posted on a Friday → Monday', '2026-06-05', '2026-06-08'],
    ['posted on a Saturday → Monday', '2026-06-06', '2026-06-08'],
    ['posted the day before 14 July → 15 July', '2026-07-13', '2026-07-15'],
    ['posted on Maundy Thursday → Good Friday (a working day in France)', '2026-04-02', '2026-04-03'],
    ['posted on Good Friday 2026 → Tuesday 7 April (Easter Monday off)', '2026-04-03', '2026-04-07'],
    ['posted on 24 December 2026 (a Thursday) → 28 December', '2026-12-24', '2026-12-28'],
    ['posted on 30 April 2026 → 4 May (1 May a Friday)', '2026-04-30', '2026-05-04'],
  ])('%s', (_name, posted, presented) => {
    const at = estimatedPostalPresentation(parisInstant(posted, '17:00'));
    expect(parisDate(at)).toBe(presented);
  });

  it('knows the movable holidays: Ascension and Whit Monday 2027', () => {
    expect(isFrenchPublicHoliday('2027-05-06')).toBe(true);
    expect(isFrenchPublicHoliday('2027-05-17')).toBe(true);
    expect(isFrenchPublicHoliday('2027-05-18')).toBe(false);
    expect(isWorkingDay('2027-05-17')).toBe(false);
  });

  it('worked example: posted Friday 3 July 2026, presented Monday 6, the meeting can be on 28 July', () => {
    const presented = estimatedPostalPresentation(parisInstant('2026-07-03', '16:00'));
    expect(earliestMeetingDate(presented)).toBe('2026-07-28');
  });
});
