import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Executor, Tx } from '../../db/client.js';
import {
  type AppelBudgetKind,
  appelBudgets,
  appelRuns,
  coproprietaireLots,
  coproprietaires,
  ledgerLines,
  lots,
  lotTantiemes,
  repartitions,
} from '../../db/schema/index.js';

export async function upsertBudget(db: Executor, v: typeof appelBudgets.$inferInsert) {
  const [row] = await db
    .insert(appelBudgets)
    .values(v)
    .onConflictDoUpdate({
      target: [appelBudgets.financial_year_id, appelBudgets.repartition_id, appelBudgets.kind],
      set: { amount_cents: v.amount_cents, periods: v.periods, resolution_id: v.resolution_id ?? null },
    })
    .returning();
  return row;
}

export function budgetsOf(db: Executor, financialYearId: string, kind?: AppelBudgetKind) {
  return db
    .select({
      id: appelBudgets.id,
      repartition_id: appelBudgets.repartition_id,
      repartition_name: repartitions.name,
      kind: appelBudgets.kind,
      amount_cents: appelBudgets.amount_cents,
      periods: appelBudgets.periods,
      resolution_id: appelBudgets.resolution_id,
    })
    .from(appelBudgets)
    .innerJoin(repartitions, eq(repartitions.id, appelBudgets.repartition_id))
    .where(
      and(
        eq(appelBudgets.financial_year_id, financialYearId),
        kind ? eq(appelBudgets.kind, kind) : undefined,
      ),
    )
    .orderBy(asc(repartitions.code), asc(repartitions.id));
}

export async function repartitionOf(db: Executor, id: string) {
  const [row] = await db.select().from(repartitions).where(eq(repartitions.id, id));
  return row ?? null;
}

export async function runsOf(db: Executor, financialYearId: string, kind?: AppelBudgetKind) {
  return db
    .select()
    .from(appelRuns)
    .where(and(eq(appelRuns.financial_year_id, financialYearId), kind ? eq(appelRuns.kind, kind) : undefined))
    .orderBy(asc(appelRuns.kind), asc(appelRuns.period));
}

/**
 * Each lot's tantièmes in the given keys, with the co-owner who owns it now (the first by id
 * when several records share it); lots in a stable order.
 */
export function lotShares(db: Executor, coproprieteId: string, repartitionIds: string[]) {
  if (!repartitionIds.length) return Promise.resolve([]);
  const owner = db
    .select({
      lot_id: coproprietaireLots.lot_id,
      coproprietaire_id: sql<string>`min(${coproprietaireLots.coproprietaire_id}::text)::uuid`.as('owner_id'),
    })
    .from(coproprietaireLots)
    .innerJoin(coproprietaires, eq(coproprietaires.id, coproprietaireLots.coproprietaire_id))
    .where(and(eq(coproprietaires.copropriete_id, coproprieteId), isNull(coproprietaires.removed_at)))
    .groupBy(coproprietaireLots.lot_id)
    .as('owner');
  return db
    .select({
      lot_id: lotTantiemes.lot_id,
      lot_name: lots.name,
      repartition_id: lotTantiemes.repartition_id,
      tantieme: lotTantiemes.tantieme,
      coproprietaire_id: owner.coproprietaire_id,
    })
    .from(lotTantiemes)
    .innerJoin(lots, eq(lots.id, lotTantiemes.lot_id))
    .leftJoin(owner, eq(owner.lot_id, lotTantiemes.lot_id))
    .where(inArray(lotTantiemes.repartition_id, repartitionIds))
    .orderBy(asc(lots.lot_id), asc(lots.id));
}

export async function insertLedgerLines(tx: Tx, rows: (typeof ledgerLines.$inferInsert)[]) {
  if (!rows.length) return [];
  return tx
    .insert(ledgerLines)
    .values(rows)
    .returning({ id: ledgerLines.id, coproprietaire_id: ledgerLines.coproprietaire_id });
}
