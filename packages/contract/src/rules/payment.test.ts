import { describe, expect, it } from 'vitest';
import {
  amountMinimumToken,
  amountToCents,
  centsToAmount,
  computePayAmount,
  minimumAmountMessage,
  parseAmountMinimumToken,
  payAmountCents,
  payAmountError,
  paymentSessionErrorMessage,
} from './payment.js';

describe('SPEC §4 pay amount = checked debits − credits, rounded', () => {
  it.each([
    { name: 'no lines', debits: [], credits: [], want: 0 },
    { name: 'one debit', debits: [{ amount: 412.5 }], credits: [], want: 412.5 },
    {
      name: 'two quarters, all checked',
      debits: [
        { amount: 412.5, checked: true },
        { amount: 398.75, checked: true },
      ],
      credits: [],
      want: 811.25,
    },
    {
      name: 'an unchecked debit is left out',
      debits: [
        { amount: 412.5, checked: true },
        { amount: 398.75, checked: false },
      ],
      credits: [],
      want: 412.5,
    },
    {
      name: 'credits are subtracted',
      debits: [{ amount: 100, checked: true }],
      credits: [{ amount: 30.4 }],
      want: 69.6,
    },
    {
      name: 'floating sums are rounded to 2 decimals',
      debits: [
        { amount: 0.1, checked: true },
        { amount: 0.2, checked: true },
      ],
      credits: [],
      want: 0.3,
    },
    {
      name: 'credits above the debits give a negative amount',
      debits: [{ amount: 10, checked: true }],
      credits: [{ amount: 25.5 }],
      want: -15.5,
    },
    {
      name: 'nothing checked, credit only',
      debits: [{ amount: 10, checked: false }],
      credits: [{ amount: 5 }],
      want: -5,
    },
    { name: 'exact cover gives 0, not -0', debits: [{ amount: 5 }], credits: [{ amount: 5 }], want: 0 },
  ])('$name', ({ debits, credits, want }) => {
    const got = computePayAmount(debits, credits);
    expect(got).toBe(want);
    expect(Object.is(got, -0)).toBe(false);
  });

  it('rounds to whole units outside EUR and USD', () => {
    expect(computePayAmount([{ amount: 10.6 }], [], 'JPY')).toBe(11);
    expect(computePayAmount([{ amount: 10.006 }], [], 'USD')).toBe(10.01);
  });
});

describe('the rule over cents (the calls carry cents)', () => {
  it.each([
    { debits: [{ amount: 41_250 }, { amount: 39_875 }], credits: [], want: 81_125 },
    {
      debits: [{ amount: 41_250 }, { amount: 39_875, checked: false }],
      credits: [{ amount: 10_000 }],
      want: 31_250,
    },
    { debits: [{ amount: 10 }, { amount: 20 }], credits: [], want: 30 },
    { debits: [{ amount: 1_000 }], credits: [{ amount: 2_550 }], want: -1_550 },
  ])('$want', ({ debits, credits, want }) => {
    expect(payAmountCents(debits, credits)).toBe(want);
  });
});

describe('SPEC §5 the amount cannot be below 0', () => {
  it.each([
    [-0.01, 'Le montant de la paie ne peut pas être inférieur à 0'],
    [-100, 'Le montant de la paie ne peut pas être inférieur à 0'],
    [0, null],
    [12.3, null],
  ])('%s → %s', (amount, want) => {
    expect(payAmountError(amount)).toBe(want);
  });
});

describe('cents and units', () => {
  it.each([
    [41250, 412.5],
    [1, 0.01],
    [0, 0],
  ])('%i cents = %s', (cents, amount) => {
    expect(centsToAmount(cents)).toBe(amount);
    expect(amountToCents(amount)).toBe(cents);
  });
  it('does not drift on float input', () => {
    expect(amountToCents(0.1 + 0.2)).toBe(30);
    expect(amountToCents(1.005)).toBe(101);
  });
});

describe('SPEC §8 AMOUNT_MINUMUM:{amount}_{currency}', () => {
  it('builds and parses the token', () => {
    expect(amountMinimumToken(50, 'EUR')).toBe('AMOUNT_MINUMUM:0.5_eur');
    expect(parseAmountMinimumToken('AMOUNT_MINUMUM:0.5_eur')).toEqual({ amount: 0.5, currency: 'eur' });
    expect(parseAmountMinimumToken('AMOUNT_MINUMUM:2_usd')).toEqual({ amount: 2, currency: 'usd' });
    expect(parseAmountMinimumToken('AMOUNT_REQUIRED')).toBeNull();
  });

  it.each([
    [0.5, 'eur', 'Le montant minimum du paiement est de 0,50 euro.'],
    [1, 'eur', 'Le montant minimum du paiement est de 1 euro.'],
    [2, 'eur', 'Le montant minimum du paiement est de 2 euros.'],
    [0.5, 'usd', 'Le montant minimum du paiement est de 0,50 dollar.'],
    [3.25, 'usd', 'Le montant minimum du paiement est de 3,25 dollars.'],
  ])('%s %s → %s', (amount, currency, want) => {
    expect(minimumAmountMessage(amount, currency)).toBe(want);
  });
});

describe('SPEC §8 payment session errors', () => {
  it.each([
    ['COPRO_STRIPE_INVALID', undefined, 'Le paiement de ce copropriété est désormais invalide.', false],
    ['AMOUNT_REQUIRED', undefined, "Le montant du paiement n'est pas valide", false],
    ['AMOUNT_MINUMUM:0.5_eur', undefined, 'Le montant minimum du paiement est de 0,50 euro.', false],
    ['AMOUNT_MINUMUM', 'AMOUNT_MINUMUM:0.5_usd', 'Le montant minimum du paiement est de 0,50 dollar.', false],
    [
      'VALIDATION_ERROR',
      'Certaines informations sont invalides.',
      'Votre demande est invalide. Veuillez réessayer.',
      true,
    ],
    [
      'DEBIT_IN_PROGRESS',
      undefined,
      'Un prélèvement SEPA est en cours sur ces lignes\u202f: elles seront réglées par ce prélèvement.',
      true,
    ],
    ['NETWORK_ERROR', undefined, 'Votre demande est invalide. Veuillez réessayer.', true],
  ])('%s', (code, message, want, reload) => {
    expect(paymentSessionErrorMessage(code, message)).toEqual({ message: want, reload });
  });
});
