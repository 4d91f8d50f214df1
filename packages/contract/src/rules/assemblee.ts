import { once } from './once.js';
import { hasSecondVote, type VoteChoice } from './tally.js';

/** Rules of the general assembly screens (SPEC §4 Assembly status, Online vote) and the vote deadline. */

export const PARIS = 'Europe/Paris';

// Built on first use and kept: building an Intl formatter costs far more than formatting (once.ts).
// Only for instants before 1996, which the EU rule below does not cover.
const parisParts = once(
  () =>
    new Intl.DateTimeFormat('en-GB', {
      timeZone: PARIS,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    }),
);

/** The Paris wall clock at an instant, asked of the time-zone database (any year). */
export function parisWallClockIntl(at: Date) {
  const parts = parisParts().formatToParts(at);
  const n = (t: string) => Number(parts.find((p) => p.type === t)?.value);
  return {
    year: n('year'),
    month: n('month'),
    day: n('day'),
    hour: n('hour'),
    minute: n('minute'),
    second: n('second'),
  };
}

/** Europe/Paris's offset from UTC in minutes, asked of the time-zone database (any year). */
export function parisOffsetMinutesIntl(at: Date): number {
  const w = parisWallClockIntl(at);
  const asUtc = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second);
  return Math.round((asUtc - Math.floor(at.getTime() / 1000) * 1000) / 60_000);
}

/** 01:00 UTC on the last Sunday of a month (1–12): when the EU's summer time starts or ends. */
function lastSundayAtOneUtc(year: number, month: number): number {
  const last = new Date(Date.UTC(year, month, 0));
  return Date.UTC(year, month - 1, last.getUTCDate() - last.getUTCDay(), 1);
}

/**
 * Offset of Europe/Paris from UTC at an instant, in minutes: +120 from the last Sunday of March
 * to the last Sunday of October at 01:00 UTC (the EU rule since 1996), +60 otherwise. Written
 * out rather than asked of Intl: a time-zone formatter costs a phone's browser tens of
 * milliseconds to build, on the dashboard's first screen (its next assembly's date).
 * `assemblee.test.ts` checks it against the time-zone database around every change to 2060.
 */
export function parisOffsetMinutes(at: Date): number {
  const t = at.getTime();
  if (Number.isNaN(t)) throw new RangeError('Invalid time value');
  const year = at.getUTCFullYear();
  if (year < 1996) return parisOffsetMinutesIntl(at);
  return t >= lastSundayAtOneUtc(year, 3) && t < lastSundayAtOneUtc(year, 10) ? 120 : 60;
}

/** The Paris wall clock at an instant: year, month (1–12), day, hour (0–23), minute, second. */
export function parisWallClock(at: Date) {
  const w = new Date(Math.floor(at.getTime() / 1000) * 1000 + parisOffsetMinutes(at) * 60_000);
  return {
    year: w.getUTCFullYear(),
    month: w.getUTCMonth() + 1,
    day: w.getUTCDate(),
    hour: w.getUTCHours(),
    minute: w.getUTCMinutes(),
    second: w.getUTCSeconds(),
  };
}

const two = (n: number) => String(n).padStart(2, '0');

/** The calendar date (YYYY-MM-DD) of an instant in Paris. */
export function parisDate(at: Date): string {
  const w = parisWallClock(at);
  return `${String(w.year).padStart(4, '0')}-${two(w.month)}-${two(w.day)}`;
}

/** The instant of a Paris wall-clock time. DST changes happen at 2 or 3 a.m., so midnight is never ambiguous. */
export function parisInstant(date: string, time = '00:00'): Date {
  const [y, m, d] = date.split('-').map(Number);
  const [hh, mm] = time.split(':').map(Number);
  const wall = Date.UTC(y, m - 1, d, hh, mm);
  let guess = wall - parisOffsetMinutes(new Date(wall)) * 60_000;
  guess = wall - parisOffsetMinutes(new Date(guess)) * 60_000;
  return new Date(guess);
}

function addDaysIso(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/**
 * Default deadline of the vote by correspondence. Décret n° 67-223 du 17 mars 1967, art. 9 bis: a form
 * counts only if the syndic receives it at the latest three clear days ("jours francs") before the
 * meeting; neither the day of receipt nor the day of the meeting counts. For a meeting on day D the
 * days D-3, D-2 and D-1 must be whole, so the last moment is the end of D-4, in Paris time.
 * The vote is open while now < valid_to (SPEC §4), i.e. until 23:59:59.999 of D-4.
 */
export function correspondenceDeadline(meeting: Date): Date {
  const lastDay = addDaysIso(parisDate(meeting), -3); // D-3 starts the three clear days
  return new Date(parisInstant(lastDay).getTime() - 1);
}

/** SPEC §4: the online vote is active only without status_session and before valid_to. */
export function isVoteActive(
  a: { status_session: number | null; valid_to: string | Date | null },
  now: Date = new Date(),
): boolean {
  if (a.status_session !== null && a.status_session !== undefined) return false;
  if (!a.valid_to) return false;
  return now.getTime() < new Date(a.valid_to).getTime();
}

/** SPEC §4 Assembly status: 1 En cours, 2 Terminée, 3 Effectué (completion date or 'Effectué'), other Non. */
export function assembleeStatusLabel(
  status: number,
  dateEffectue: string | null,
  fmt: (d: string) => string,
): string {
  if (status === 1) return 'En cours';
  if (status === 2) return 'Terminée';
  if (status === 3) return dateEffectue ? fmt(dateEffectue) : 'Effectué';
  return 'Non';
}

/** SPEC §4: convocation and minutes status 1 shows the sent date or 'Fait', otherwise 'Non'. */
export function sentStatusLabel(status: number, dateSent: string | null, fmt: (d: string) => string): string {
  if (status !== 1) return 'Non';
  return dateSent ? fmt(dateSent) : 'Fait';
}

/** SPEC §9: priority 1 is urgent. */
export const isUrgent = (priority: number) => priority === 1;

export interface VoteFormResolution {
  id: string;
  article: string;
  no_vote: boolean;
}
export interface VoteFormChoice {
  vote_1?: VoteChoice | null;
  vote_2?: VoteChoice | null;
}

/** SPEC §4: a voting resolution needs a choice; ART-25 and ART-26 need the second (25-1 / 26-1) choice too. */
export function isResolutionVoteValid(r: VoteFormResolution, c: VoteFormChoice | undefined): boolean {
  if (r.no_vote) return true;
  if (!c?.vote_1) return false;
  return hasSecondVote(r.article) ? !!c.vote_2 : true;
}

/** The valid/total counter of the vote form (resolutions with no_vote are not counted). */
export function voteCounter(resolutions: VoteFormResolution[], choices: Record<string, VoteFormChoice>) {
  const voting = resolutions.filter((r) => !r.no_vote);
  return {
    valid: voting.filter((r) => isResolutionVoteValid(r, choices[r.id])).length,
    total: voting.length,
  };
}

export const VOTE_CHOICE_LABELS: Record<VoteChoice, string> = {
  agree: 'Pour',
  disagree: 'Contre',
  abstain: 'Abstention',
};

/** SPEC §3 vote methods, as a co-owner reads them. */
export const VOTE_METHOD_LABELS: Record<string, string> = {
  application: 'Application',
  e_form: 'Internet',
  courrier: 'Courrier',
  electronique: 'Électronique',
  visio_direct: 'Visioconférence (en direct)',
  saisie_par_admin: 'Saisie par le syndic',
  telephone: 'Téléphone',
  visio: 'Visioconférence',
};

/** SPEC §3 attendance and role codes 1 to 9, in order. */
export const SIGNATURE_MODES = [
  'ATTENDANCE',
  'PROCURATION',
  'FDP_PRESIDENT',
  'FDP_SCRUTATEUR',
  'FDP_SECRETAIRE',
  'PV_PRESIDENT',
  'PV_SCRUTATEUR',
  'PV_SECRETAIRE',
  'PROCURATION_DONNEE',
] as const;
export type SignatureMode = (typeof SIGNATURE_MODES)[number];

/**
 * Canonical JSON of a chained record: keys sorted at every level, no spaces, so the same content
 * always gives the same bytes (and the same SHA-256) whatever order a database returns keys in.
 */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value ?? null);
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
}

/** The first link of every assembly's chain points to 64 zeros. */
export const CHAIN_GENESIS = '0'.repeat(64);

/** DD/MM/yyyy of an instant, in Paris time (an assembly's date does not move with the reader's zone). */
export function formatParisDate(d: Date | string | null | undefined): string {
  if (!d) return '';
  const iso = parisDate(new Date(d));
  return `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;
}

/** HH:mm of an instant, in Paris time. */
export function formatParisTime(d: Date | string | null | undefined): string {
  if (!d) return '';
  const w = parisWallClock(new Date(d));
  return `${two(w.hour)}:${two(w.minute)}`;
}

/** SPEC §7: signatures go to bucket 'coproprietes.assemblee.prod', folder {copr_id}/ATTENDANCE/SIGNATURES, file signature.png. */
export const SIGNATURE_BUCKET = 'coproprietes.assemblee.prod';
export const SIGNATURE_FILE_NAME = 'signature.png';
/** SPEC §9 signature pad constants. */
export const SIGNATURE_PADDING = 10;
export const SIGNATURE_BRUSH_WIDTH = 3;
