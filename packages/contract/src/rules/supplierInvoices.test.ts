import { describe, expect, it } from 'vitest';
import { ecritureErrors } from './journal.js';
import {
  councilConsultationRequired,
  invoiceEcriture,
  invoicePaymentEcriture,
  invoiceStage,
  isChargeAccount,
  paymentRefusal,
} from './supplierInvoices.js';

describe("art. 21, al. 2: the council is consulted from the assembly's amount on", () => {
  it.each<{ amount: number; threshold: number | null; out: boolean; why: string }>([
    { amount: 150_000, threshold: 200_000, out: false, why: '1 500 € under a 2 000 € threshold' },
    { amount: 200_000, threshold: 200_000, out: true, why: '« à partir duquel »: the amount itself' },
    { amount: 200_001, threshold: 200_000, out: true, why: 'one cent above' },
    { amount: 199_999, threshold: 200_000, out: false, why: 'one cent under' },
    { amount: 5_000_000, threshold: null, out: false, why: 'no assembly set a threshold' },
    { amount: 0, threshold: 0, out: true, why: 'a threshold of zero: every contract' },
  ])('$why', ({ amount, threshold, out }) => {
    expect(councilConsultationRequired(amount, threshold)).toBe(out);
  });
});

describe('whether an invoice may be paid', () => {
  const T = 200_000;
  it.each<{
    amount: number;
    council: 'envoyee' | 'approuvee' | 'refusee' | null;
    paid: boolean;
    payable: boolean;
    why: string;
  }>([
    { amount: 48_000, council: null, paid: false, payable: true, why: 'under the threshold' },
    { amount: 250_000, council: null, paid: false, payable: false, why: 'above, never sent' },
    { amount: 250_000, council: 'envoyee', paid: false, payable: false, why: 'above, waiting' },
    { amount: 250_000, council: 'approuvee', paid: false, payable: true, why: 'above, approved' },
    { amount: 250_000, council: 'refusee', paid: false, payable: false, why: 'above, refused' },
    { amount: 48_000, council: 'refusee', paid: false, payable: false, why: 'under, asked and refused' },
    { amount: 48_000, council: null, paid: true, payable: false, why: 'paid once only' },
  ])('$why', ({ amount, council, paid, payable }) => {
    expect(paymentRefusal({ amountCents: amount, thresholdCents: T, council, paid }) === null).toBe(payable);
  });
});

describe('the stage shown', () => {
  it.each([
    [{ paid: false, council: null }, 'a_valider'],
    [{ paid: false, council: 'envoyee' }, 'au_conseil'],
    [{ paid: false, council: 'approuvee' }, 'validee'],
    [{ paid: false, council: 'refusee' }, 'refusee'],
    [{ paid: true, council: 'approuvee' }, 'payee'],
  ] as const)('%o → %s', (i, out) => {
    expect(invoiceStage(i)).toBe(out);
  });
});

describe('the two écritures balance on the chart', () => {
  it('the charge: 614 debited, 401 credited', () => {
    const e = invoiceEcriture({
      date: '2026-03-10',
      account: '614',
      amountCents: 48_360,
      fournisseur: 'Ascenseurs Rhône-Alpes',
      number: 'F-2026-0312',
    });
    expect(ecritureErrors(e)).toEqual([]);
    expect(e.lines).toEqual([
      { account: '614', debit: 48_360, credit: 0 },
      { account: '401', debit: 0, credit: 48_360 },
    ]);
  });
  it('the payment: 401 debited, 512 credited', () => {
    const e = invoicePaymentEcriture({ date: '2026-03-25', amountCents: 48_360, fournisseur: 'Ascenseurs' });
    expect(ecritureErrors(e)).toEqual([]);
    expect(e.lines.map((l) => l.account)).toEqual(['401', '512']);
  });
  it.each([
    ['614', true],
    ['602', true],
    ['401', false],
    ['701', false],
    ['699', false],
  ])('%s is a charge account: %s', (code, out) => {
    expect(isChargeAccount(code)).toBe(out);
  });
});
