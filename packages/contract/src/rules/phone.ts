/** An international number (ITU-T E.164): '+', country code, at most 15 digits. */
export const E164 = /^\+[1-9]\d{6,14}$/;

/**
 * A phone as typed ('06 12 34 56 78', '+33 6 12…', '0033 6…') to E.164, French by default
 * (SPEC §9 phone default country FR). Returns null when it cannot be a phone number.
 */
export function toE164(input: string): string | null {
  const raw = input.trim();
  if (!raw) return null;
  if (!/^[+\d\s.\-()]+$/.test(raw)) return null;
  let s = raw.replace(/[\s.\-()]/g, '');
  if (s.startsWith('00')) s = `+${s.slice(2)}`;
  else if (/^0\d{9}$/.test(s)) s = `+33${s.slice(1)}`;
  if (/^\+330\d{9}$/.test(s)) s = `+33${s.slice(4)}`;
  return E164.test(s) ? s : null;
}

/** A stored phone for reading: French numbers as '06 12 34 56 78', others as stored. */
export function formatPhone(v: string): string {
  const e = toE164(v);
  if (e && /^\+33\d{9}$/.test(e)) return `0${e.slice(3)}`.replace(/(\d{2})(?=\d)/g, '$1 ');
  return v;
}
