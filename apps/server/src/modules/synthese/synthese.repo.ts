import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { readAlone } from '../../db/prepared.js';
import {
  administrators,
  budgets,
  chargeInvoices,
  charges,
  coproprieteAdministrators,
  coproprietaireLots,
  financialYears,
  ledgerLines,
  lots,
  lotTantiemes,
  repartitions,
  syndicContacts,
  syndics,
  verificationStatus,
} from '../../db/schema/index.js';
import { byDate, ownerLines } from '../../db/ledger-order.js';

export async function findSyndic(db: Db, syndicId: string) {
  const [row] = await db.select().from(syndics).where(eq(syndics.id, syndicId)).limit(1);
  return row;
}

export async function listSyndicContacts(db: Db, syndicId: string) {
  return db
    .select()
    .from(syndicContacts)
    .where(eq(syndicContacts.syndic_id, syndicId))
    .orderBy(asc(syndicContacts.sort), asc(syndicContacts.last_name));
}

export async function listAdministrators(db: Db, coproprieteId: string) {
  return db
    .select({ administrator: administrators })
    .from(coproprieteAdministrators)
    .innerJoin(administrators, eq(administrators.id, coproprieteAdministrators.administrator_id))
    .where(eq(coproprieteAdministrators.copropriete_id, coproprieteId))
    .orderBy(asc(administrators.last_name), asc(administrators.first_name));
}

export async function findVerificationStatus(db: Db, coproprieteId: string) {
  const [row] = await db
    .select()
    .from(verificationStatus)
    .where(eq(verificationStatus.copropriete_id, coproprieteId))
    .limit(1);
  return row;
}

/** The member's lots (whole rows), as a named read: alone, or in the dashboard's session statement. */
export function ownerLotRowsRead(coproprietaireId: string) {
  return {
    name: 'owner_lot_rows',
    build: (d: Db) =>
      d
        .select({ lot: lots })
        .from(coproprietaireLots)
        .innerJoin(lots, eq(lots.id, coproprietaireLots.lot_id))
        .where(eq(coproprietaireLots.coproprietaire_id, sql.placeholder('record'))),
    values: { record: coproprietaireId },
  };
}

export function listOwnerLots(db: Db, coproprietaireId: string) {
  return readAlone(db, ownerLotRowsRead(coproprietaireId));
}

export async function findOwnerLot(db: Db, coproprietaireId: string, lotId: string) {
  const [row] = await db
    .select({ lot: lots })
    .from(coproprietaireLots)
    .innerJoin(lots, eq(lots.id, coproprietaireLots.lot_id))
    .where(and(eq(coproprietaireLots.coproprietaire_id, coproprietaireId), eq(lots.id, lotId)))
    .limit(1);
  return row?.lot;
}

export async function listLotTantiemes(db: Db, lotId: string) {
  return db
    .select({
      name: repartitions.name,
      code: repartitions.code,
      tantieme: lotTantiemes.tantieme,
      total_tantieme: repartitions.total_tantieme,
    })
    .from(lotTantiemes)
    .innerJoin(repartitions, eq(repartitions.id, lotTantiemes.repartition_id))
    .where(eq(lotTantiemes.lot_id, lotId))
    .orderBy(asc(repartitions.code), asc(repartitions.name));
}

/** The copropriété's financial years, by year, as a named read. */
export function coproYearsRead(coproprieteId: string) {
  return {
    name: 'copro_years',
    build: (d: Db) =>
      d
        .select()
        .from(financialYears)
        .where(eq(financialYears.copropriete_id, sql.placeholder('copro')))
        .orderBy(asc(financialYears.year)),
    values: { copro: coproprieteId },
  };
}

export function listFinancialYears(db: Db, coproprieteId: string) {
  return readAlone(db, coproYearsRead(coproprieteId));
}

/** Sum of operating (or any type) budgets and realised invoices of one year. */
export async function yearTotalsByChargeType(db: Db, financialYearId: string, chargeType: number) {
  const [b] = await db
    .select({ total: sql<number>`coalesce(sum(${budgets.amount_cents}), 0)::int` })
    .from(budgets)
    .innerJoin(charges, eq(charges.id, budgets.charge_id))
    .where(and(eq(budgets.financial_year_id, financialYearId), eq(charges.charge_type, chargeType)));
  const [r] = await db
    .select({ total: sql<number>`coalesce(sum(${chargeInvoices.amount_cents}), 0)::int` })
    .from(chargeInvoices)
    .innerJoin(charges, eq(charges.id, chargeInvoices.charge_id))
    .where(and(eq(chargeInvoices.financial_year_id, financialYearId), eq(charges.charge_type, chargeType)));
  return { budget: Number(b?.total ?? 0), realised: Number(r?.total ?? 0) };
}

/**
 * The member's part of the dashboard's finance summary, read with the session in one statement
 *: their lots, their tantièmes per repartition and, of their ledger lines, what the
 * balance and the calls and payments per year are summed from (the statement's rules). The
 * summary shows no line, so neither their names, ids and bills nor an order are read: a third
 * less time in PostgreSQL for that read (pgbench, 40 lines; decision 87). The building's part
 * (`buildingFinanceReads`) is kept in memory by version (decision 72).
 */
export function generalReads(coproprietaireId: string, coproprieteId: string) {
  return [
    ownerLotRowsRead(coproprietaireId),
    {
      name: 'general_tantiemes',
      build: (d: Db) =>
        d
          .select({
            repartition_id: lotTantiemes.repartition_id,
            tantieme: sql<number>`sum(${lotTantiemes.tantieme})::int`.mapWith(Number),
          })
          .from(coproprietaireLots)
          .innerJoin(lotTantiemes, eq(lotTantiemes.lot_id, coproprietaireLots.lot_id))
          .where(eq(coproprietaireLots.coproprietaire_id, sql.placeholder('record')))
          .groupBy(lotTantiemes.repartition_id),
      values: { record: coproprietaireId },
    },
    {
      name: 'general_ledger_sums',
      build: (d: Db) =>
        d
          .select({
            date: ledgerLines.date,
            amount_cents: ledgerLines.amount_cents,
            remaining_cents: ledgerLines.remaining_cents,
            amount_type: ledgerLines.amount_type,
          })
          .from(ledgerLines)
          .where(ownerLines),
      values: { record: coproprietaireId, copro: coproprieteId },
    },
  ] as const;
}

/**
 * The building's part of the summary: its repartitions, charges, years, what it spent per charge
 * and year, and its budgets. Each an indexed lookup on the copropriété (docs/performance.md),
 * named so each is prepared once; read only when the building's `finance_version` moved.
 */
export function buildingFinanceReads(coproprieteId: string) {
  const copro = sql.placeholder('copro');
  const values = { copro: coproprieteId };
  return [
    {
      name: 'general_repartitions',
      build: (d: Db) =>
        d
          .select({
            id: repartitions.id,
            name: repartitions.name,
            total_tantieme: repartitions.total_tantieme,
          })
          .from(repartitions)
          .where(eq(repartitions.copropriete_id, copro))
          .orderBy(asc(repartitions.code), asc(repartitions.name)),
      values,
    },
    {
      name: 'general_charges',
      build: (d: Db) =>
        d
          .select({
            id: charges.id,
            code: charges.code,
            name: charges.name,
            repartition_id: charges.repartition_id,
          })
          .from(charges)
          .where(eq(charges.copropriete_id, copro))
          .orderBy(asc(charges.code), asc(charges.name)),
      values,
    },
    coproYearsRead(coproprieteId),
    {
      // What the building spent per charge and year: the summary shows totals, never the
      // invoices themselves (decision 71), so PostgreSQL adds them up.
      name: 'general_charge_years',
      build: (d: Db) =>
        d
          .select({
            charge_id: chargeInvoices.charge_id,
            financial_year_id: chargeInvoices.financial_year_id,
            amount_cents: sql<number>`sum(${chargeInvoices.amount_cents})::bigint`.mapWith(Number),
          })
          .from(chargeInvoices)
          .innerJoin(charges, eq(charges.id, chargeInvoices.charge_id))
          .where(eq(charges.copropriete_id, copro))
          .groupBy(chargeInvoices.charge_id, chargeInvoices.financial_year_id),
      values,
    },
    {
      name: 'general_budgets',
      build: (d: Db) =>
        d
          .select({
            charge_id: budgets.charge_id,
            financial_year_id: budgets.financial_year_id,
            amount_cents: budgets.amount_cents,
          })
          .from(budgets)
          .innerJoin(financialYears, eq(financialYears.id, budgets.financial_year_id))
          .where(eq(financialYears.copropriete_id, copro)),
      values,
    },
  ] as const;
}

/** The building's part, each read on its own (side by side on the pool). */
export function readBuildingFinance(db: Db, coproprieteId: string) {
  const [reps, chs, years, spent, budgetRows] = buildingFinanceReads(coproprieteId);
  return Promise.all([
    readAlone(db, reps),
    readAlone(db, chs),
    readAlone(db, years),
    readAlone(db, spent),
    readAlone(db, budgetRows),
  ]);
}

/**
 * The dashboard transactions' read, run by the route with the session: the record's ledger lines
 * by date, with what the list shows (decision 87). The copropriété's years come from the
 * building's part kept in memory (decision 72).
 */
export function transactionsLedgerRead(coproprietaireId: string, coproprieteId: string) {
  return {
    name: 'transactions_ledger',
    build: (d: Db) =>
      d
        .select({
          id: ledgerLines.id,
          name: ledgerLines.name,
          date: ledgerLines.date,
          amount_cents: ledgerLines.amount_cents,
          remaining_cents: ledgerLines.remaining_cents,
          amount_type: ledgerLines.amount_type,
        })
        .from(ledgerLines)
        .where(ownerLines)
        .orderBy(...byDate),
    values: { record: coproprietaireId, copro: coproprieteId },
  };
}
