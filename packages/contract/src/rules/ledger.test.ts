import { describe, expect, it } from 'vitest';
import {
  balanceDisplay,
  billColumn,
  buildStatement,
  ledgerBalance,
  mergeSettledLines,
  paymentMethodLabel,
  paymentMethodsLabel,
  type StatementLineInput,
  transactionStatusLabel,
} from './ledger.js';

const line = (
  id: string,
  date: string,
  amount_type: 'debit' | 'credit',
  amount: number,
  remaining: number,
  bill_type = 'other',
): StatementLineInput => ({ id, date, amount_type, amount, remaining, bill_type });

describe('SPEC §9 bill types → statement column', () => {
  it.each([
    ['fonctionnement', 'fonctionnement'],
    ['FONCTIONNEMENT', 'fonctionnement'],
    [1, 'fonctionnement'],
    ['fond_travaux', 'fond_travaux'],
    ['fond travaux', 'fond_travaux'],
    ['FOND_ALLUR', 'fond_travaux'],
    [3, 'fond_travaux'],
    ['travaux', 'travaux'],
    ['TRAVAUX', 'travaux'],
    [2, 'travaux'],
    ['other', 'other'],
    ['régularisation', 'other'],
    [null, 'other'],
    [undefined, 'other'],
  ] as const)('%s → %s', (t, col) => expect(billColumn(t)).toBe(col));
});

describe('SPEC §3 derived columns, running solde and totals', () => {
  // A quarter fully paid, then two calls still open, one partly paid, and an overpayment.
  const open = [
    line('d4', '2026-07-01', 'debit', 2_000, 2_000, 'FOND_ALLUR'),
    line('d3', '2026-07-01', 'debit', 40_000, 10_000, 'fonctionnement'),
    line('d5', '2026-10-01', 'debit', 40_000, 40_000, 'fonctionnement'),
    line('d6', '2026-09-15', 'debit', 120_000, 120_000, 'travaux'),
    line('c9', '2026-02-20', 'credit', 46_500, 3_000),
  ];
  const settled = [
    line('d1', '2026-01-01', 'debit', 40_000, 0, 'fonctionnement'),
    line('d2', '2026-01-01', 'debit', 2_000, 0, 'fond_travaux'),
    line('c1', '2026-07-10', 'credit', 30_000, 0),
    line('dx', '2026-03-01', 'debit', 1_500, 0, 'other'),
    line('c9', '2026-02-20', 'credit', 46_500, 3_000),
  ];

  it('counts the open part of each open line, by date, on a day debits first in column order', () => {
    const { rows, totals } = buildStatement(open, { showAll: false });
    expect(rows.map((r) => [r.line.id, r.value, r.solde])).toEqual([
      ['c9', 3_000, -3_000],
      ['d3', 10_000, 7_000],
      ['d4', 2_000, 9_000],
      ['d6', 120_000, 129_000],
      ['d5', 40_000, 169_000],
    ]);
    expect(rows[1]).toMatchObject({ debit_fonctionnement: 10_000, debit_fond_travaux: 0, credit: 0 });
    expect(rows[2]).toMatchObject({ debit_fond_travaux: 2_000, debit_fonctionnement: 0 });
    expect(rows[0]).toMatchObject({ credit: 3_000, debit_other: 0 });
    expect(totals).toEqual({
      totalSolde: 169_000,
      totalDebitFonctionnement: 50_000,
      totalDebitTravaux: 120_000,
      totalDebitFondTravaux: 2_000,
      totalDebitOther: 0,
      totalCredit: 3_000,
    });
    expect(totals.totalSolde).toBe(ledgerBalance(open));
  });

  it('with the settled lines merged, counts whole lines and ends on the same balance', () => {
    const all = mergeSettledLines(open, settled);
    expect(all.map((l) => l.id)).toEqual(['d1', 'd2', 'c9', 'dx', 'd3', 'd4', 'c1', 'd6', 'd5']);
    const { rows, totals } = buildStatement(all, { showAll: true });
    expect(rows.map((r) => r.solde)).toEqual([
      40_000, 42_000, -4_500, -3_000, 37_000, 39_000, 9_000, 129_000, 169_000,
    ]);
    expect(totals).toEqual({
      totalSolde: 169_000,
      totalDebitFonctionnement: 120_000,
      totalDebitTravaux: 120_000,
      totalDebitFondTravaux: 4_000,
      totalDebitOther: 1_500,
      totalCredit: 76_500,
    });
  });

  it('an empty ledger has a zero balance', () => {
    expect(buildStatement([], { showAll: false }).totals.totalSolde).toBe(0);
  });
});

describe('SPEC §9 balance label and colour', () => {
  it.each([
    [12_345, 'Solde débiteur de', 'yellow', 12_345],
    [0, 'Solde débiteur de', 'yellow', 0],
    [-1, 'Solde créditeur de', 'green', 1],
    [-98_765, 'Solde créditeur de', 'green', 98_765],
  ] as const)('%d → %s (%s, %d)', (solde, label, color, amount) =>
    expect(balanceDisplay(solde)).toEqual({ label, color, amount }));
});

describe('SPEC §9 payment methods and transaction status', () => {
  it.each([
    ['card', 'CB'],
    ['check', 'Chèque'],
    ['cash', 'En espèces'],
    ['other', 'Autre'],
    ['virement', 'Autre'],
    ['', 'Autre'],
    [null, 'Autre'],
  ])('%s → %s', (m, label) => expect(paymentMethodLabel(m)).toBe(label));
  it.each([
    ['card,check', 'CB, Chèque'],
    ['card, card', 'CB'],
    ['cash,sepa', 'En espèces, Autre'],
    ['', 'Autre'],
  ])('list %s → %s', (m, label) => expect(paymentMethodsLabel(m)).toBe(label));
  it('status is always Réussi', () => {
    expect(transactionStatusLabel({ payment_method: 'check' })).toBe('Réussi');
  });
});
