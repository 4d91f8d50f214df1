import { describe, expect, it } from 'vitest';
import { isStrongPassword, looksLikeAttachToken } from '../fields.js';
import { badgeCount, formatCents, formatDate, formatSize, percentSpent, roundMoney } from './format.js';
import { positionLabel } from './roles.js';
import { invoiceScopeAllows, menuScopeAllows } from './visibility.js';

describe('SPEC §9 display rules', () => {
  it('formats euros the French way', () => {
    expect(formatCents(123456)).toBe('1\u00a0234,56\u202f€');
    expect(formatCents(-500)).toBe('-5,00\u202f€');
  });
  it('formats dates DD/MM/yyyy', () => {
    expect(formatDate('2026-03-09T10:00:00')).toBe('09/03/2026');
    expect(formatDate('2026-04-01')).toBe('01/04/2026');
    expect(formatDate(null)).toBe('');
  });
  it('formats sizes the French way: o / Ko / Mo, decimal comma, no-break space', () => {
    expect(formatSize(1023)).toBe('1\u00a0023\u00a0o');
    expect(formatSize(1536)).toBe('1,50\u00a0Ko');
    expect(formatSize(6216)).toBe('6,07\u00a0Ko');
    expect(formatSize(3 * 1024 * 1024)).toBe('3,00\u00a0Mo');
  });
  it('caps unread badges at +9', () => {
    expect(badgeCount(9)).toBe('9');
    expect(badgeCount(10)).toBe('+9');
  });
  it('rounds percent spent to a whole number', () => {
    expect(percentSpent(1234, 2000)).toBe(62);
    expect(percentSpent(5, 0)).toBe(0);
  });
  it('rounds money per currency', () => {
    expect(roundMoney(10.005 + 0.001, 'EUR')).toBe(10.01);
    expect(roundMoney(10.6, 'JPY')).toBe(11);
  });
});

describe('SPEC §5 validation rules', () => {
  it.each([
    ['Abcdef1', true],
    ['abcdef1', false],
    ['ABCDEF1', false],
    ['Abcdefg', false],
    ['Abc1', false],
  ])('password %s → %s', (pw, ok) => expect(isStrongPassword(pw)).toBe(ok));
  it.each([
    ['ABC12345', true],
    ['abc1234567', true],
    ['ABF12345', false],
    ['AB123456', false],
    ['ABC1234', false],
  ])('attach token %s → %s', (v, ok) => expect(looksLikeAttachToken(v)).toBe(ok));
});

describe('SPEC §4 position label', () => {
  it.each([
    [{ is_member_syndicat: true, is_president: true }, 'PCS'],
    [{ is_member_syndicat: true, is_president: false }, 'Conseil Syndical'],
    [{ is_member_syndicat: false, is_president: false }, ''],
  ])('%o → %s', (r, label) => expect(positionLabel(r)).toBe(label));
});

describe('SPEC §6 scope rules', () => {
  const ordinary = {};
  const council = { is_member_syndicat: true };
  const president = { is_member_syndicat: true, is_president: true };
  it.each([
    ['1', ordinary, true],
    ['1', president, true],
    ['2', ordinary, false],
    ['2', council, true],
    ['2', president, true],
    ['3', ordinary, false],
    ['3', council, false],
    ['3', president, true],
    ['9', president, false],
    [undefined, president, false],
  ])('menu scope %s for %o → %s', (scope, r, ok) => expect(menuScopeAllows(scope, r)).toBe(ok));
  it.each([
    [undefined, president, false],
    ['4', president, false],
    ['2', ordinary, false],
    ['2', council, true],
    ['3', council, false],
    ['3', president, true],
    ['1', ordinary, true],
    ['7', ordinary, true],
  ])('invoice scope %s for %o → %s', (scope, r, ok) => expect(invoiceScopeAllows(scope, r)).toBe(ok));
});
