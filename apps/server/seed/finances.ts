import type { OwnerInfo, RepInfo } from './copro.js';
import { splitByWeights } from './random.js';

/** The accounts' shapes shared by the seed: charges, years, calls of funds, ledger entries. */

export type SupplierKey =
  | 'veolia'
  | 'edf'
  | 'nettoyage'
  | 'adhoc'
  | 'assurance'
  | 'syndic'
  | 'otis'
  | 'dalkia'
  | 'engie'
  | 'ravalement'
  | 'jardin'
  | 'none';

export interface ChargeDef {
  key: string;
  code: string;
  name: string;
  /** Repartition code. */
  rep: string;
  /** 1 fonctionnement, 2 travaux, 3 fonds ALUR. */
  type: 1 | 2 | 3;
  /** Voted budget of the current year in cents (fonctionnement charges). */
  budget: number;
  supplier: SupplierKey;
}

export interface YearInfo {
  id: string;
  year: number;
  couple: string;
  start: string;
  end: string;
  closed: boolean;
}

export interface ChargeInfo {
  id: string;
  def: ChargeDef;
  rep: RepInfo;
  /** year → voted budget, cents. */
  budgets: Map<number, number>;
}

export interface BillLine {
  lotId: string;
  repId: string;
  chargeId: string;
  amount: number;
}

export interface BillInfo {
  id: string;
  name: string;
  date: string;
  type: 'fonctionnement' | 'fond_travaux' | 'travaux' | 'other';
  year: number;
  quarter?: number;
  total: number;
  lines: BillLine[];
}

export interface LedgerEntry {
  id: string;
  name: string;
  date: string;
  amount: number;
  remaining: number;
  type: 'debit' | 'credit';
  billType: string;
  billId?: string;
  paymentTransactionId?: string;
}

export interface FinanceInfo {
  years: YearInfo[];
  year(y: number): YearInfo;
  charges: ChargeInfo[];
  charge(key: string): ChargeInfo;
  bills: BillInfo[];
  /** Share of a bill owed by an owner (sum of the lines of its lots). */
  share(owner: OwnerInfo, bill: BillInfo): number;
}

export interface FinanceOptions {
  years: number[];
  /** Years whose quarterly calls are issued (only quarters already started). */
  billYears: number[];
  charges: ChargeDef[];
  /** Budget of a year relative to the current one (e.g. 0.94 two years ago). */
  factor(year: number): number;
  /** Share of the fonctionnement budget called for the fonds de travaux (0.05 = legal minimum). */
  alurRate: number;
  /** One works call (appel travaux). */
  travaux?: { chargeKey: string; name: string; date: string; amount: number; budget: number };
}

/** Splits `amount` over the lots of a repartition in proportion to their tantièmes. */
export function splitOverLots(rep: RepInfo, amount: number): { lotId: string; amount: number }[] {
  const entries = [...rep.tantiemes];
  const parts = splitByWeights(
    amount,
    entries.map(([, t]) => t),
  );
  return entries.map(([lotId], i) => ({ lotId, amount: parts[i] }));
}

/** Balance of a ledger: positive = owed (débiteur), negative = credit (créditeur). */
export const ledgerBalance = (entries: LedgerEntry[]) =>
  entries.reduce((s, e) => s + (e.type === 'debit' ? e.remaining : -e.remaining), 0);
