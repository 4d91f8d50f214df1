import { describe, expect, it } from 'vitest';
import { parseOfx, toCents, toIsoDate } from './statement.parse.js';

describe('amounts and dates as banks write them', () => {
  it.each([
    ['412.50', '.', 41250],
    ['-205.00', '.', -20500],
    ['3 204,01', ',', 320401],
    ['1.234,5', ',', 123450],
    ['7', '.', 700],
    ['+0,01', ',', 1],
  ] as const)('%s (decimal %s) → %i cents', (raw, dec, cents) => expect(toCents(raw, dec)).toBe(cents));
  it('refuses an amount it cannot read', () => expect(() => toCents('12.345')).toThrow('Montant illisible'));
  it.each([
    ['05/01/2026', '2026-01-05'],
    ['2026-01-05', '2026-01-05'],
    ['20260105120000', '2026-01-05'],
  ])('%s → %s', (raw, iso) => expect(toIsoDate(raw)).toBe(iso));
});

describe('OFX 1.x SGML', () => {
  it('reads each STMTTRN without closing tags', () => {
    const s = parseOfx(
      '<OFX><ACCTID>1<DTSTART>20260101<DTEND>20260131\n<STMTTRN><TRNAMT>-1.5<FITID>A<DTPOSTED>20260102<NAME>X\n</STMTTRN>',
    );
    expect(s).toEqual({
      statementRef: 'ofx:1:20260101-20260131',
      iban: null,
      lines: [{ ref: 'A', date: '2026-01-02', amountCents: -150, name: 'X', reference: '' }],
    });
  });
});
