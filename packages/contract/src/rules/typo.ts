/**
 * French typography, in one place: a narrow no-break space (U+202F, « espace fine
 * insécable ») before ':' ';' '!' '?' and before '€' and '%', so that a line never breaks
 * before them and the gap is the one French typesetting uses.
 *
 * Only the text the app builds itself goes through it: the strings SPEC.md fixes word for word
 * stay exactly as the spec writes them.
 */

import { once } from './once.js';

export const NNBSP = '\u202f';

const SPACES = '[ \\u00a0\\u202f]';

export function frTypo(text: string): string {
  return (
    text
      // An existing gap (plain, no-break or narrow) before the high punctuation becomes a narrow one.
      .replace(new RegExp(`${SPACES}+([;:!?])`, 'g'), `${NNBSP}$1`)
      // A missing gap after a word, when the sign ends a phrase (leaves '18:30' and 'https://' alone).
      .replace(/([\p{L}\p{N})»])([;:!?])(?=\s|$)/gu, `$1${NNBSP}$2`)
      // Before the euro and per cent signs, after a figure.
      .replace(new RegExp(`(\\d)${SPACES}?([€%])`, 'g'), `$1${NNBSP}$2`)
  );
}

/** Digits grouped by three with a no-break space: '1234567' → '1 234 567'. */
export function groupThousands(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, '\u00a0');
}

const int = once(() => new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 0 }));

/** A whole number with the French thousands separator: 10000 → '10 000' (no-break space). */
export function formatInt(n: number): string {
  // As Intl rounds and writes it (half away from zero, the sign of a negative kept), without
  // building a formatter (`once.ts`); `format.test.ts` compares both.
  const abs = Math.round(Math.abs(n));
  if (Number.isSafeInteger(abs)) {
    const sign = n < 0 || Object.is(n, -0) ? '-' : '';
    return `${sign}${groupThousands(String(abs))}`;
  }
  return formatIntIntl(n);
}

export function formatIntIntl(n: number): string {
  return int()
    .format(n)
    .replace(/[\u202f ]/g, '\u00a0');
}

const plural = (n: number, one: string, many: string) => `${n} ${n > 1 ? many : one}`;

/**
 * The countdown as a screen reader should say it: the spec's 'Expiration dans :
 * {m}m {s}s' is read 'Expiration dans 1 minute et 59 secondes'.
 */
export function spokenCountdown(m: number, s: number): string {
  const parts = [
    m > 0 ? plural(m, 'minute', 'minutes') : null,
    s > 0 || m === 0 ? plural(s, 'seconde', 'secondes') : null,
  ].filter((p): p is string => p !== null);
  return `Expiration dans ${parts.join(' et ')}`;
}
