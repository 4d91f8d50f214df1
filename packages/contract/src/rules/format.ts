/** Display rules of SPEC §9, shared by every screen. */
import { UNREAD_BADGE_CAP } from '../constants.js';
import { once } from './once.js';
import { frTypo, groupThousands } from './typo.js';

const eur = once(() => new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR' }));
const usd = once(() => new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }));
const percent = once(() => new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 2 }));

/** Amounts are integer cents everywhere; formatted the French way ("1 234,56 €"). */
export function formatCents(cents: number, currency: 'EUR' | 'USD' = 'EUR'): string {
  // Whole cents in euros, as Intl writes them (the sign of -0 included) but without building
  // an Intl formatter on the first screen (`once.ts`); `format.test.ts` compares both.
  if (currency === 'EUR' && Number.isSafeInteger(cents)) {
    const abs = Math.abs(cents);
    const sign = cents < 0 || Object.is(cents, -0) ? '-' : '';
    return `${sign}${groupThousands(String(Math.floor(abs / 100)))},${String(abs % 100).padStart(2, '0')}\u202f€`;
  }
  return formatCentsIntl(cents, currency);
}

/** The same through Intl: thousands with a no-break space (Intl mixes narrow and plain ones),
 * before '€' the narrow no-break space of French typography (frTypo). */
export function formatCentsIntl(cents: number, currency: 'EUR' | 'USD' = 'EUR'): string {
  const f = currency === 'USD' ? usd() : eur();
  return frTypo(f.format(cents / 100).replace(/\u202f/g, '\u00a0'));
}

/** Money rounding of SPEC §5: EUR and USD to 2 decimals, other currencies to whole units. */
export function roundMoney(amount: number, currency = 'EUR'): number {
  const c = currency.toUpperCase();
  if (c === 'EUR' || c === 'USD') return Math.round(amount * 100) / 100;
  return Math.round(amount);
}

/** DD/MM/yyyy. Accepts a Date, an ISO string or a timestamp. */
export function formatDate(d: Date | string | number | null | undefined): string {
  if (d === null || d === undefined || d === '') return '';
  // A calendar day (YYYY-MM-DD) is shown as is, whatever the time zone.
  if (typeof d === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(d))
    return `${d.slice(8, 10)}/${d.slice(5, 7)}/${d.slice(0, 4)}`;
  const date = d instanceof Date ? d : new Date(d);
  if (Number.isNaN(date.getTime())) return '';
  const dd = String(date.getDate()).padStart(2, '0');
  const mm = String(date.getMonth() + 1).padStart(2, '0');
  return `${dd}/${mm}/${date.getFullYear()}`;
}

/** Percentages up to 2 decimals. */
export function formatPercent(v: number): string {
  return `${percent().format(v)} %`;
}

/**
 * A file's size the French way (decision 197): octets under 1 024, then Ko and Mo with two
 * decimals and a decimal comma, a no-break space before the unit ('6,07 Ko').
 */
export function formatSize(bytes: number): string {
  const unit = (n: number, u: string) => `${n.toFixed(2).replace('.', ',')}\u00a0${u}`;
  if (bytes < 1024) return `${groupThousands(String(bytes))}\u00a0o`;
  if (bytes < 1024 * 1024) return unit(bytes / 1024, 'Ko');
  return unit(bytes / (1024 * 1024), 'Mo');
}

/** Unread badge: '+9' above 9. */
export function badgeCount(n: number): string {
  return n > UNREAD_BADGE_CAP ? `+${UNREAD_BADGE_CAP}` : String(n);
}

/** Percent spent = realised / budget x 100, rounded to a whole number (0 when no budget). */
export function percentSpent(realised: number, budget: number): number {
  if (!budget) return 0;
  return Math.round((realised / budget) * 100);
}
