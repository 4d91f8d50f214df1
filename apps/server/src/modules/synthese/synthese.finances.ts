import {
  type FinanceCharge,
  type FinanceGeneral,
  type FinanceRepartition,
  type FinanceSituation,
  type FinanceTransactions,
  ledgerBalance,
  memberShareCents,
  sortLotsByName,
  withRunningSolde,
} from '@tantieme/contract';
import type { Db } from '../../db/client.js';
import type { RowsOf } from '../../db/prepared.js';
import { versionedCache } from '../../lib/versioned-cache.js';
import { ledgerAmountType } from '../finances/finances.presenter.js';
import { presentLot } from './synthese.presenter.js';
import * as repo from './synthese.repo.js';

/**
 * The dashboard's finances (SPEC §3): the summary and the transactions, from the member's ledger
 * rows read with the session and the building's rows kept in memory by version.
 */

type FinancialYear = Awaited<ReturnType<typeof repo.listFinancialYears>>[number];

/** What the dashboard transactions list of each ledger line. */
type TransactionRow = RowsOf<ReturnType<typeof transactionsRead>>[number];

/**
 * The record's lines in the statement's order (finances module rules): open lines then settled
 * ones, each by date, merged by date.
 */
function inStatementOrder(rows: TransactionRow[]) {
  const open = rows.filter((r) => r.remaining_cents > 0);
  const settled = rows.filter((r) => r.remaining_cents <= 0);
  return [...open, ...settled].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
}

const inYear = (date: string, fy: FinancialYear) => date >= fy.start_date && date <= fy.end_date;

/** What the dashboard reads of each ledger line: the amounts it sums, and the date. */
type LedgerSumRow = RowsOf<ReturnType<typeof generalReads>>[2][number];

/** Calls and payments of the lines (all, or a year's), counted as the statement presents them. */
function situationOf(rows: LedgerSumRow[]): FinanceSituation {
  let debit = 0;
  let credit = 0;
  for (const r of rows) {
    if (r.amount_type === 'credit') credit += Math.abs(r.amount_cents);
    else debit += Math.abs(r.amount_cents);
  }
  return { debit, credit, solde: debit - credit };
}

/** The balance of the open lines, by the statement's rule (finances module), so both screens agree. */
function balanceOf(rows: LedgerSumRow[]): number {
  return ledgerBalance(
    rows
      .filter((r) => r.remaining_cents > 0)
      .map((r) => ({
        remaining: r.remaining_cents,
        amount_type: ledgerAmountType(r.amount_type),
      })),
  );
}

/** The dashboard summary's member reads, for the route to run with the session. */
export const generalReads = repo.generalReads;

type BuildingRows = Awaited<ReturnType<typeof repo.readBuildingFinance>>;

/** A building's part of the summary, grouped once per version (decision 72). */
export interface BuildingFinance {
  reps: BuildingRows[0];
  years: BuildingRows[2];
  chargesOfRep: Map<string, BuildingRows[1]>;
  spentOfCharge: Map<string, BuildingRows[3]>;
  budgetsOfCharge: Map<string, BuildingRows[4]>;
}

function group<T>(rows: T[], key: (r: T) => string) {
  const m = new Map<string, T[]>();
  for (const r of rows) {
    const list = m.get(key(r));
    if (list) list.push(r);
    else m.set(key(r), [r]);
  }
  return m;
}

/** Buildings kept per process: a few KB each. */
export const BUILDING_CACHE_SIZE = 2_000;
const buildingCache = versionedCache<BuildingFinance>(BUILDING_CACHE_SIZE);

/**
 * The building's repartitions, charges, years, spending and budgets as of `version` (the
 * copropriété's `finance_version`, read by the guard with the session). They change only when
 * the syndic's data does, and triggers bump the version then (migration 0012), so they are kept
 * in memory and read again only when the version moved: the dashboard's statement reads the
 * member's rows alone.
 */
export function buildingFinance(
  db: Db,
  { id: coproprieteId, finance_version: version }: { id: string; finance_version: number },
): Promise<BuildingFinance> {
  return buildingCache(db, coproprieteId, version, async () => {
    const [reps, chargeRows, years, spentRows, budgetRows] = await repo.readBuildingFinance(
      db,
      coproprieteId,
    );
    return {
      reps,
      years,
      chargesOfRep: group(chargeRows, (c) => c.repartition_id),
      spentOfCharge: group(spentRows, (r) => r.charge_id),
      budgetsOfCharge: group(budgetRows, (b) => b.charge_id),
    };
  });
}

/**
 * Finances summary of SPEC §3: balance, lots, and the member's share of every repartition
 * (charge total × their tantièmes / total_tantieme), for all years together and per year.
 */
export function presentGeneral(
  [lotRows, tantiemes, ledgerRows]: RowsOf<ReturnType<typeof generalReads>>,
  building: BuildingFinance,
): FinanceGeneral {
  const { reps, years, chargesOfRep, spentOfCharge, budgetsOfCharge } = building;
  const solde = balanceOf(ledgerRows);
  const tantiemeOf = new Map(tantiemes.map((t) => [t.repartition_id, Number(t.tantieme)]));
  const inPeriod = (yearIds: Set<string> | null) => (r: { financial_year_id: string }) =>
    !yearIds || yearIds.has(r.financial_year_id);

  const repartitionsFor = (yearIds: Set<string> | null): FinanceRepartition[] => {
    const out: FinanceRepartition[] = [];
    for (const rep of reps) {
      const t = tantiemeOf.get(rep.id) ?? 0;
      if (t <= 0) continue; // not concerned by this key
      const T = rep.total_tantieme;
      const repCharges: FinanceCharge[] = [];
      let budgetCopro = 0;
      for (const ch of chargesOfRep.get(rep.id) ?? []) {
        for (const b of (budgetsOfCharge.get(ch.id) ?? []).filter(inPeriod(yearIds)))
          budgetCopro += b.amount_cents;
        const spent = (spentOfCharge.get(ch.id) ?? []).filter(inPeriod(yearIds));
        if (spent.length === 0) continue; // no invoice in the period
        const coproAmount = spent.reduce((s, r) => s + r.amount_cents, 0);
        repCharges.push({
          id: ch.id,
          code: ch.code,
          name: ch.name,
          amount: memberShareCents(coproAmount, t, T),
          copropriete_amount: coproAmount,
        });
      }
      if (repCharges.length === 0 && budgetCopro === 0) continue;
      out.push({
        id: rep.id,
        name: rep.name,
        amount: repCharges.reduce((s, c) => s + c.amount, 0),
        copropriete_amount: repCharges.reduce((s, c) => s + c.copropriete_amount, 0),
        budget: memberShareCents(budgetCopro, t, T),
        tantieme: t,
        total_tantieme: T,
        charges: repCharges,
      });
    }
    return out;
  };

  // The balance is the statement's (finances module), so both screens agree.
  const situation = { ...situationOf(ledgerRows), solde };
  return {
    solde,
    lots: sortLotsByName(lotRows.map((r) => presentLot(r.lot))),
    summary: {
      situation,
      repartitions: repartitionsFor(null),
      years: [...years]
        .sort((a, b) => b.year - a.year)
        .map((fy) => ({
          year: fy.year,
          couple: fy.couple,
          situation: situationOf(ledgerRows.filter((l) => inYear(l.date, fy))),
          repartitions: repartitionsFor(new Set([fy.id])),
        })),
    },
  };
}

/** The dashboard transactions' read, for the route to run with the session. */
export const transactionsRead = repo.transactionsLedgerRead;

/** Transactions of SPEC §3 with the running balance, all together and per financial year. */
export function presentTransactions(
  lines: RowsOf<ReturnType<typeof transactionsRead>>,
  building: BuildingFinance,
): FinanceTransactions {
  const transactions = withRunningSolde(
    inStatementOrder(lines).map((l) => ({
      id: l.id,
      date: l.date,
      description: l.name,
      amount_cents: l.amount_cents,
      amount_type: ledgerAmountType(l.amount_type),
    })),
  );
  return {
    transactions,
    years: [...building.years]
      .sort((a, b) => b.year - a.year)
      .map((fy) => ({
        year: fy.year,
        couple: fy.couple,
        transactions: transactions.filter((t) => inYear(t.date, fy)),
      })),
  };
}
