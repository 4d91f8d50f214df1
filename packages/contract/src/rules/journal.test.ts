import { describe, expect, it } from 'vitest';
import { accountClass, isCoOwnerAccount, isKnownAccount } from './chartOfAccounts.js';
import {
  assertBalanced,
  balances,
  type JournalEcriture,
  ecritureErrors,
  nextNumber,
  numberingGaps,
  reversal,
  UnbalancedEcritureError,
} from './journal.js';

const appel: JournalEcriture = {
  date: '2026-01-01',
  libelle: 'Appel de fonds T1 2026',
  piece: 'AF-2026-T1',
  source: 'appel',
  lines: [
    { account: '4501', coproprietaireId: 'a', debit: 41250, credit: 0 },
    { account: '4501', coproprietaireId: 'b', debit: 38750, credit: 0 },
    { account: '701', debit: 0, credit: 80000 },
  ],
};

describe('chart of accounts (arrêté du 14 mars 2005, nomenclature)', () => {
  it.each([
    ['102', 1, true, false],
    ['105', 1, true, false],
    ['401', 4, true, false],
    ['450', 4, true, true],
    ['4505', 4, true, true],
    ['512', 5, true, false],
    ['701', 7, true, false],
    ['999', null, false, false],
    ['8', null, false, false],
  ])('%s: class %s, known %s, co-owner %s', (code, cls, known, coOwner) => {
    expect(accountClass(code)).toBe(cls);
    expect(isKnownAccount(code)).toBe(known);
    expect(isCoOwnerAccount(code)).toBe(coOwner);
  });
});

describe('an écriture is balanced (arrêté du 14 mars 2005, art. 1)', () => {
  it.each<[string, JournalEcriture, string[]]>([
    ["the quarter's appel", appel, []],
    [
      'debit ≠ credit',
      { ...appel, lines: [appel.lines[0], { account: '701', debit: 0, credit: 41249 }] },
      ["L'écriture n'est pas équilibrée (débit 41250, crédit 41249)."],
    ],
    [
      'one line',
      { ...appel, lines: [{ account: '512', debit: 0, credit: 0 }] },
      [
        'Une écriture a au moins deux lignes.',
        'Ligne 1\u202f: une ligne porte soit un débit, soit un crédit.',
      ],
    ],
    [
      'euros, not cents',
      {
        ...appel,
        lines: [
          { account: '512', debit: 10.5, credit: 0 },
          { account: '4501', coproprietaireId: 'a', debit: 0, credit: 10.5 },
        ],
      },
      [
        'Ligne 1\u202f: les montants sont des centimes entiers positifs.',
        'Ligne 2\u202f: les montants sont des centimes entiers positifs.',
      ],
    ],
    [
      '450 without its co-owner, 512 with one',
      {
        ...appel,
        lines: [
          { account: '512', coproprietaireId: 'a', debit: 100, credit: 0 },
          { account: '450', debit: 0, credit: 100 },
        ],
      },
      [
        'Ligne 1\u202f: seul un compte copropriétaire nomme un copropriétaire.',
        'Ligne 2\u202f: le compte 450 nomme le copropriétaire.',
      ],
    ],
    [
      'an account off the chart',
      {
        ...appel,
        lines: [
          { account: '999', debit: 100, credit: 0 },
          { account: '512', debit: 0, credit: 100 },
        ],
      },
      ["Ligne 1\u202f: le compte 999 n'est pas au plan comptable."],
    ],
    ['no libellé', { ...appel, libelle: ' ' }, ["Le libellé de l'écriture est obligatoire."]],
  ])('%s', (_name, e, errors) => {
    expect(ecritureErrors(e)).toEqual(errors);
    if (errors.length) expect(() => assertBalanced(e)).toThrow(UnbalancedEcritureError);
    else expect(() => assertBalanced(e)).not.toThrow();
  });

  it('refuses a date outside the exercice', () => {
    expect(ecritureErrors(appel, { start: '2025-01-01', end: '2025-12-31' })).toEqual([
      "La date de l'écriture est hors de l'exercice.",
    ]);
  });
});

describe('numbering without a gap per exercice (art. 2: « cotés sans discontinuité »)', () => {
  it.each([
    [null, 1],
    [0, 1],
    [41, 42],
  ])('after %s comes %i', (last, next) => expect(nextNumber(last)).toBe(next));
  it.each([
    [[], []],
    [[1, 2, 3], []],
    [[3, 1, 2], []],
    [
      [1, 3, 6],
      [2, 4, 5],
    ],
  ])('%j lacks %j', (numbers, gaps) => expect(numberingGaps(numbers)).toEqual(gaps));
});

describe('contre-passation', () => {
  it('swaps debit and credit, and with the original leaves every account at zero', () => {
    const r = reversal({ ...appel, number: 7 }, '2026-02-03');
    expect(r.libelle).toBe("Contre-passation de l'écriture n° 7\u202f: Appel de fonds T1 2026");
    expect(r.source).toBe('contre-passation');
    expect(r.lines[0]).toEqual({ account: '4501', coproprietaireId: 'a', debit: 0, credit: 41250 });
    expect(ecritureErrors(r)).toEqual([]);
    expect([...balances([...appel.lines, ...r.lines]).values()].every((b) => b === 0)).toBe(true);
    expect(balances(appel.lines).get('4501:a')).toBe(41250);
  });
});
