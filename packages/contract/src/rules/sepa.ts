/**
 * SEPA direct debit: the IBAN check of a mandate, how a saved IBAN is shown, and when a
 * debit announced today may be taken.
 */

/** IBAN lengths of the SEPA countries a French building's co-owners most often bank in (ISO 13616 registry). */
const IBAN_LENGTHS: Record<string, number> = {
  AT: 20,
  BE: 16,
  CH: 21,
  DE: 22,
  ES: 24,
  FI: 18,
  FR: 27,
  GB: 22,
  GR: 27,
  IE: 22,
  IT: 27,
  LU: 20,
  MC: 27,
  NL: 18,
  PL: 28,
  PT: 25,
  SE: 24,
};

export const normaliseIban = (raw: string) => raw.replace(/[\s-]/g, '').toUpperCase();

/**
 * ISO 13616 / ISO 7064 MOD 97-10: letters become 10..35, the first four characters go to the
 * end, and the number modulo 97 must be 1. Computed piecewise: the number has up to 70 digits.
 */
export function isValidIban(raw: string): boolean {
  const iban = normaliseIban(raw);
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{10,30}$/.test(iban)) return false;
  const len = IBAN_LENGTHS[iban.slice(0, 2)];
  if (!len || iban.length !== len) return false;
  const digits = (iban.slice(4) + iban.slice(0, 4)).replace(/[A-Z]/g, (c) => String(c.charCodeAt(0) - 55));
  let rest = 0;
  for (const d of digits) rest = (rest * 10 + Number(d)) % 97;
  return rest === 1;
}

/** A saved IBAN as the co-owner sees it: 'FR76 •••• 1234'. */
export const maskIban = (prefix: string, last4: string) => `${prefix} •••• ${last4}`;

/** What the server keeps of an IBAN (the provider keeps the whole). */
export const ibanParts = (raw: string) => {
  const iban = normaliseIban(raw);
  return { prefix: iban.slice(0, 4), last4: iban.slice(-4) };
};

/**
 * Days between the pre-notification and the debit. The SEPA Core Direct Debit Rulebook asks
 * the creditor to pre-notify 14 calendar days before the debit "unless otherwise agreed"; the
 * mandate the co-owner signs agrees on 5 (decision 122).
 */
export const SEPA_PRE_NOTICE_DAYS = 5;

/** The debit date announced on `today` (YYYY-MM-DD) with `noticeDays` of notice. */
export function collectDate(today: string, noticeDays: number = SEPA_PRE_NOTICE_DAYS): string {
  const d = new Date(`${today}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + noticeDays);
  return d.toISOString().slice(0, 10);
}

/** Whether a debit announced for `collectOn` may be taken on `today` (never before the date given). */
export const isCollectible = (collectOn: string, today: string) => collectOn <= today;
