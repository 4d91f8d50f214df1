import { parisDate, parisInstant as parisInstantAt, parisWallClock } from '@tantieme/contract';

/**
 * Dates of the demo, all derived from one reference instant (the moment of the seed unless
 * a fixed one is given), so that the data always looks current: calls of the last quarters,
 * notifications of today and yesterday, an assembly in three weeks.
 */
export interface Clock {
  now: Date;
  /** Current calendar year in Paris. */
  year: number;
  /** Today in Paris, YYYY-MM-DD. */
  today: string;
  /** Instant of a Paris wall-clock time. */
  paris(dateIso: string, time?: string): Date;
  /**
   * Date `days` days before today (negative = in the future), at a Paris wall-clock time.
   * Today's morning times are compressed into the part of the day already elapsed, so an
   * event of "today" is never in the future, whatever the hour of the seed.
   */
  daysAgo(days: number, time?: string): Date;
  /** The instant, or a minute ago if it is still to come. */
  past(d: Date): Date;
  /** YYYY-MM-DD of an instant, in Paris. */
  iso(d: Date): string;
}

/** YYYY-MM-DD of an instant, in Paris (the contract's rule, as the product shows dates). */
export const parisIso = (d: Date): string => parisDate(d);

/** The instant of a Paris wall-clock time (the contract's rule), 09:00 by default. */
export function parisInstant(dateIso: string, time = '09:00'): Date {
  return parisInstantAt(dateIso, time);
}

/** YYYY-MM-DD plus a number of days (calendar arithmetic, no time zone involved). */
export function addDays(dateIso: string, days: number): string {
  const [y, m, d] = dateIso.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

export const isoOf = (y: number, m: number, d: number) =>
  `${y}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;

/** Latest time of day used for "today" events of the demo. */
const TODAY_HORIZON = 9 * 60;

export function makeClock(now = new Date()): Clock {
  const today = parisIso(now);
  const p = parisWallClock(now);
  const elapsed = p.hour * 60 + p.minute;
  const minute = 60_000;
  return {
    now,
    year: Number(today.slice(0, 4)),
    today,
    paris: parisInstant,
    daysAgo: (days, time = '09:00') => {
      if (days !== 0 || elapsed > TODAY_HORIZON + 5) return parisInstant(addDays(today, -days), time);
      const [hh, mm] = time.split(':').map(Number);
      const scaled = Math.floor(((hh * 60 + mm) * Math.max(0, elapsed - 2)) / TODAY_HORIZON);
      const at = parisInstant(today, '00:00').getTime() + scaled * minute;
      return new Date(Math.min(at, now.getTime() - minute));
    },
    past: (d) => (d.getTime() < now.getTime() ? d : new Date(now.getTime() - minute)),
    iso: parisIso,
  };
}

/** Whole days from `from` to `to` (YYYY-MM-DD). */
export function daysBetween(from: string, to: string): number {
  const t = (s: string) => {
    const [y, m, d] = s.split('-').map(Number);
    return Date.UTC(y, m - 1, d);
  };
  return Math.round((t(to) - t(from)) / 86_400_000);
}
