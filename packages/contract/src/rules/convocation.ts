import { parisDate } from './assemblee.js';

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
