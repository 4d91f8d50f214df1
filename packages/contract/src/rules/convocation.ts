import { parisDate, parisInstant } from './assemblee.js';

/**
 * The convocation delay, per co-owner. Décret n° 67-223 du 17 mars 1967, art. 9: "sauf urgence, cette
 * convocation est notifiée au moins vingt et un jours avant la date de la réunion"; art. 64: the
 * delay runs from "le lendemain du jour de la première présentation de la lettre recommandée au
 * domicile du destinataire", and for an electronic notification (art. 64-1 to 64-4, lettre
 * recommandée électronique) from the day after the first presentation too.
 *
 * So for a first presentation on day P (Paris calendar date), the 21 days are P+1 … P+21 and the
 * meeting can be held at the earliest on P+22. Calendar days: a Saturday, Sunday or public holiday
 * counts like any other day, and nothing is carried to the next working day (code de procédure
 * civile art. 642 extends a delay that ends on such a day; this one must have run out before the
 * meeting, so it is not extended). Dates are read in Europe/Paris, so a daylight-saving change
 * within the 21 days moves nothing.
 */
export const CONVOCATION_DAYS = 21;

function addDays(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** The first Paris date a meeting may be held on, for a notice first presented at `firstPresentation`. */
export function earliestMeetingDate(firstPresentation: Date): string {
  return addDays(parisDate(firstPresentation), CONVOCATION_DAYS + 1);
}

export interface ConvocationNotice {
  id: string;
  /** First presentation of the registered letter or electronic notification. */
  first_presentation: Date;
}

/** The co-owners for whom the meeting comes too early, with the first date it could have been held on. */
export function convocationTooLate(
  meeting: Date,
  notices: ConvocationNotice[],
): { id: string; earliest_meeting: string }[] {
  const day = parisDate(meeting);
  return notices.flatMap((n) => {
    const earliest = earliestMeetingDate(n.first_presentation);
    return day < earliest ? [{ id: n.id, earliest_meeting: earliest }] : [];
  });
}

/** Easter Sunday (Gregorian, the anonymous algorithm of Meeus) as YYYY-MM-DD. */
function easter(year: number): string {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/**
 * The eleven public holidays of metropolitan France (code du travail art. L3133-1); the
 * Alsace-Moselle extra days are not counted, which can only make an estimate earlier by a day.
 */
export function isFrenchPublicHoliday(date: string): boolean {
  const year = Number(date.slice(0, 4));
  const fixed = ['01-01', '05-01', '05-08', '07-14', '08-15', '11-01', '11-11', '12-25'];
  if (fixed.includes(date.slice(5))) return true;
  const e = easter(year);
  return [1, 39, 50].some((n) => addDays(e, n) === date);
}

/** Monday to Friday and not a public holiday (a jour ouvré). */
export function isWorkingDay(date: string): boolean {
  const [y, m, d] = date.split('-').map(Number);
  const weekday = new Date(Date.UTC(y, m - 1, d)).getUTCDay();
  return weekday !== 0 && weekday !== 6 && !isFrenchPublicHoliday(date);
}

/**
 * The estimated first presentation of a lettre recommandée posted at `postedAt`: the next working
 * day (J+1 ouvré), at noon in Paris. Only an estimate, flagged as such: the syndic records the
 * date the post office gives (art. 64 counts from the real first presentation).
 */
export function estimatedPostalPresentation(postedAt: Date): Date {
  let day = addDays(parisDate(postedAt), 1);
  while (!isWorkingDay(day)) day = addDays(day, 1);
  return parisInstant(day, '12:00');
}
