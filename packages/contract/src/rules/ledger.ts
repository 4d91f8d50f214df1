/**
 * Account statement rules (SPEC §2.8, §3 Ledger line and Totals, §4 show-all switch, §9 balance
 * labels, bill types, payment methods, transaction status). Amounts are integer cents.
 */

/** The four columns of the statement a debit falls in (SPEC §9 "Bill types"). */
export type BillColumn = 'fonctionnement' | 'fond_travaux' | 'travaux' | 'other';

/**
 * A ledger bill_type (ours: fonctionnement | fond_travaux | travaux | other; the spec also spells
 * 'fond travaux' / FOND_ALLUR, and charge types 1/2/3) → its statement column.
 */
export function billColumn(billType: string | number | null | undefined): BillColumn {
  if (billType === 1) return 'fonctionnement';
  if (billType === 2) return 'travaux';
  if (billType === 3) return 'fond_travaux';
  if (typeof billType !== 'string') return 'other';
  const t = billType
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_');
  if (t === 'fonctionnement') return 'fonctionnement';
  if (t === 'travaux') return 'travaux';
  if (t === 'fond_travaux' || t === 'fonds_travaux' || t === 'fond_allur' || t === 'fond_alur')
    return 'fond_travaux';
  return 'other';
}

export interface StatementLineInput {
  id: string;
  /** YYYY-MM-DD. */
  date: string;
  /** Full amount of the line, cents, positive. */
  amount: number;
  /** What is still owed (debit) or still available (credit), cents; 0 = settled ('soldée'). */
  remaining: number;
  amount_type: 'debit' | 'credit';
  bill_type: string;
}

export interface StatementRow<L extends StatementLineInput = StatementLineInput> {
  line: L;
  /** The amount this row counts for: the remaining part of unsettled lines, the whole line when every line is shown. */
  value: number;
  debit_fonctionnement: number;
  debit_fond_travaux: number;
  debit_travaux: number;
  debit_other: number;
  credit: number;
  /** Running balance after this row: positive = owed (débiteur), negative = credit (créditeur). */
  solde: number;
}

export interface StatementTotals {
  totalSolde: number;
  totalDebitFonctionnement: number;
  totalDebitTravaux: number;
  totalDebitFondTravaux: number;
  totalDebitOther: number;
  totalCredit: number;
}

const COLUMN_RANK: Record<BillColumn, number> = { fonctionnement: 0, fond_travaux: 1, travaux: 2, other: 3 };

/**
 * Date order; on the same day bills come before the payments that settle them, bills in column
 * order (fonctionnement, fonds travaux, travaux, other); otherwise input order.
 */
export function sortLedgerLines<L extends Pick<StatementLineInput, 'date' | 'amount_type' | 'bill_type'>>(
  lines: L[],
): L[] {
  return lines
    .map((l, i) => ({ l, i }))
    .sort(
      (a, b) =>
        a.l.date.localeCompare(b.l.date) ||
        (a.l.amount_type === b.l.amount_type ? 0 : a.l.amount_type === 'debit' ? -1 : 1) ||
        (a.l.amount_type === 'debit'
          ? COLUMN_RANK[billColumn(a.l.bill_type)] - COLUMN_RANK[billColumn(b.l.bill_type)]
          : 0) ||
        a.i - b.i,
    )
    .map((x) => x.l);
}

/** SPEC §4 show-all switch: the extra settled lines merged into the statement, sorted by date (no line twice). */
export function mergeSettledLines<L extends StatementLineInput>(lines: L[], settled: L[]): L[] {
  const seen = new Set(lines.map((l) => l.id));
  return sortLedgerLines([...lines, ...settled.filter((l) => !seen.has(l.id))]);
}

/**
 * The statement: derived columns and running solde per row, and the totals. Without the
 * settled lines each open line counts for what remains of it, so the last solde is the
 * account's balance whichever view is shown.
 */
export function buildStatement<L extends StatementLineInput>(
  lines: L[],
  opts: { showAll: boolean },
): { rows: StatementRow<L>[]; totals: StatementTotals } {
  const totals: StatementTotals = {
    totalSolde: 0,
    totalDebitFonctionnement: 0,
    totalDebitTravaux: 0,
    totalDebitFondTravaux: 0,
    totalDebitOther: 0,
    totalCredit: 0,
  };
  let solde = 0;
  const rows = sortLedgerLines(lines).map((line) => {
    const value = opts.showAll ? line.amount : line.remaining;
    const col = line.amount_type === 'debit' ? billColumn(line.bill_type) : null;
    const row: StatementRow<L> = {
      line,
      value,
      debit_fonctionnement: col === 'fonctionnement' ? value : 0,
      debit_fond_travaux: col === 'fond_travaux' ? value : 0,
      debit_travaux: col === 'travaux' ? value : 0,
      debit_other: col === 'other' ? value : 0,
      credit: col === null ? value : 0,
      solde: 0,
    };
    solde += col === null ? -value : value;
    row.solde = solde;
    totals.totalDebitFonctionnement += row.debit_fonctionnement;
    totals.totalDebitFondTravaux += row.debit_fond_travaux;
    totals.totalDebitTravaux += row.debit_travaux;
    totals.totalDebitOther += row.debit_other;
    totals.totalCredit += row.credit;
    return row;
  });
  totals.totalSolde = solde;
  return { rows, totals };
}

/** Balance of the open lines alone (what the server reports as solde). */
export function ledgerBalance(lines: Pick<StatementLineInput, 'remaining' | 'amount_type'>[]): number {
  return lines.reduce((s, l) => s + (l.amount_type === 'debit' ? l.remaining : -l.remaining), 0);
}

export const BALANCE_LABELS = { debit: 'Solde débiteur de', credit: 'Solde créditeur de' } as const;

/**
 * SPEC §9: solde above 0 (or exactly 0) → 'Solde débiteur de', yellow; below 0 →
 * 'Solde créditeur de', green, with the absolute amount.
 */
export function balanceDisplay(solde: number): {
  label: (typeof BALANCE_LABELS)[keyof typeof BALANCE_LABELS];
  color: 'yellow' | 'green';
  amount: number;
} {
  if (solde < 0) return { label: BALANCE_LABELS.credit, color: 'green', amount: Math.abs(solde) };
  return { label: BALANCE_LABELS.debit, color: 'yellow', amount: solde };
}

/** SPEC §9 payment methods display: card 'CB', check 'Chèque', cash 'En espèces', else 'Autre'. */
export function paymentMethodLabel(method: string | null | undefined): string {
  switch ((method ?? '').trim().toLowerCase()) {
    case 'card':
      return 'CB';
    case 'check':
      return 'Chèque';
    case 'cash':
      return 'En espèces';
    default:
      return 'Autre';
  }
}

/** payment_method is a comma list (SPEC §3 Payment transaction): each one shown, once. */
export function paymentMethodsLabel(methods: string | null | undefined): string {
  const parts = (methods ?? '')
    .split(',')
    .map((m) => m.trim())
    .filter(Boolean);
  if (parts.length === 0) return paymentMethodLabel('');
  return [...new Set(parts.map(paymentMethodLabel))].join(', ');
}

/** SPEC §9: a transaction's status is always shown as 'Réussi'. */
export const TRANSACTION_STATUS_LABEL = 'Réussi';
export const transactionStatusLabel = (_transaction?: unknown) => TRANSACTION_STATUS_LABEL;
