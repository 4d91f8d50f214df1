import { describe, expect, it } from 'vitest';
import { collectDate, ibanParts, isCollectible, isValidIban, maskIban, normaliseIban } from './sepa.js';

describe('IBAN check (ISO 13616, MOD 97-10)', () => {
  it.each([
    { iban: 'FR76 3000 6000 0112 3456 7890 189', ok: true, why: 'a French IBAN, spaced' },
    { iban: 'fr1420041010050500013m02606', ok: true, why: 'lower case, with a letter in the BBAN' },
    { iban: 'DE89 3704 0044 0532 0130 00', ok: true, why: 'a German IBAN' },
    { iban: 'FR76 3000 6000 0112 3456 7890 188', ok: false, why: 'one digit changed' },
    { iban: 'FR77 3000 6000 0112 3456 7890 189', ok: false, why: 'wrong check digits' },
    { iban: 'FR76 3000 6000 0112 3456 7890 18', ok: false, why: 'too short for France' },
    { iban: 'XX76 3000 6000 0112 3456 7890 189', ok: false, why: 'unknown country' },
    { iban: '', ok: false, why: 'empty' },
  ])('$why: $iban', ({ iban, ok }) => {
    expect(isValidIban(iban)).toBe(ok);
  });
});

describe('a saved IBAN shown masked', () => {
  it.each([
    { iban: 'FR76 3000 6000 0112 3456 7890 189', shown: 'FR76 •••• 0189' },
    { iban: 'de89370400440532013000', shown: 'DE89 •••• 3000' },
  ])('$iban → $shown', ({ iban, shown }) => {
    const p = ibanParts(iban);
    expect(maskIban(p.prefix, p.last4)).toBe(shown);
  });
  it('normalises spaces, dashes and case', () => {
    expect(normaliseIban(' fr76-3000 6000 ')).toBe('FR7630006000');
  });
});

describe('the debit date announced by a pre-notification (5 days by the mandate)', () => {
  it.each([
    { today: '2026-11-27', days: 5, want: '2026-12-02', why: 'across a month end' },
    { today: '2026-12-29', days: 5, want: '2027-01-03', why: 'across a year end' },
    { today: '2028-02-26', days: 5, want: '2028-03-02', why: 'a leap February' },
    { today: '2026-03-27', days: 5, want: '2026-04-01', why: 'across the change to summer time' },
    { today: '2026-11-27', days: 14, want: '2026-12-11', why: "the rulebook's default notice" },
  ])('$why: $today + $days → $want', ({ today, days, want }) => {
    expect(collectDate(today, days)).toBe(want);
  });
  it('a debit is never taken before its announced date', () => {
    expect(isCollectible('2026-12-02', '2026-12-01')).toBe(false);
    expect(isCollectible('2026-12-02', '2026-12-02')).toBe(true);
    expect(isCollectible('2026-12-02', '2026-12-05')).toBe(true);
  });
});
