/** French formatting that also fits the WinAnsi encoding of the PDF standard fonts. */

export function euros(cents: number): string {
  const neg = cents < 0;
  const abs = Math.abs(Math.round(cents));
  const units = Math.floor(abs / 100)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, ' ');
  return `${neg ? '-' : ''}${units},${String(abs % 100).padStart(2, '0')} €`;
}

/** 2026-07-01 → 01/07/2026 */
export const frDate = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;

const MONTHS = [
  'janvier',
  'février',
  'mars',
  'avril',
  'mai',
  'juin',
  'juillet',
  'août',
  'septembre',
  'octobre',
  'novembre',
  'décembre',
];
export const monthName = (m: number) => MONTHS[m - 1];

/** 2026-07-01 → 1er juillet 2026 */
export function frLongDate(iso: string): string {
  const d = Number(iso.slice(8, 10));
  return `${d === 1 ? '1er' : d} ${monthName(Number(iso.slice(5, 7)))} ${iso.slice(0, 4)}`;
}

export const quarterLabel = (q: number) => (q === 1 ? '1er trimestre' : `${q}e trimestre`);

/** Percentage with a French decimal comma. */
export const pct = (ratio: number, digits = 2) => `${(ratio * 100).toFixed(digits).replace('.', ',')} %`;

const WEEKDAYS = ['dimanche', 'lundi', 'mardi', 'mercredi', 'jeudi', 'vendredi', 'samedi'];
/** 2026-12-15 → mardi */
export const frWeekday = (iso: string) => WEEKDAYS[new Date(`${iso}T12:00:00Z`).getUTCDay()];
