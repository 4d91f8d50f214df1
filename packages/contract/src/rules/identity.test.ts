import { describe, expect, it } from 'vitest';
import { invitationProblem } from '../domains/invitation.js';
import { isLoginMobile, splitFullName } from '../fields.js';

describe('profile full name (SPEC §5)', () => {
  it.each([
    ['Claire Martin', 'Claire', 'Martin'],
    ['  Jean  de  La Fontaine ', 'Jean', 'de La Fontaine'],
    ['Cher', 'Cher', ''],
    ['', '', ''],
  ])('%j → %j / %j', (full, first, last) => {
    expect(splitFullName(full)).toEqual({ first_name: first, last_name: last });
  });
});

describe('invitation token errors (SPEC §8), in order', () => {
  const now = new Date('2026-11-22T12:00:00Z');
  const base = {
    alias: 'lefevre',
    status: 1,
    expiration_date: '2026-12-01T00:00:00Z',
    metadata: { coproprietaire_name: 'M. X' },
    coproprietaire_info: null,
  };
  it.each([
    ['usable', base, null],
    [
      'used (status 2)',
      { ...base, status: 2, expiration_date: '2020-01-01T00:00:00Z' },
      'Ce code est déjà utilisé',
    ],
    ['expired', { ...base, expiration_date: '2026-11-21T00:00:00Z' }, 'Ce code a expiré'],
    [
      'withdrawn by the syndic (status 3)',
      { ...base, status: 3 },
      "Cette invitation n'est plus valable\u202f: demandez-en une nouvelle à votre syndic.",
    ],
    ['no metadata', { ...base, metadata: null }, 'Code invalide'],
    ['no data', null, 'Code invalide'],
  ])('%s', (_name, info, expected) => {
    expect(invitationProblem(info, now)).toBe(expected);
  });
});

describe('login phone (SPEC §5: French or Vietnamese mobile)', () => {
  it.each([
    ['+33612345678', true],
    ['+33712345678', true],
    ['+33112345678', false],
    ['+84912345678', true],
    ['+4915112345678', false],
  ])('%s → %s', (p, ok) => {
    expect(isLoginMobile(p)).toBe(ok);
  });
});
