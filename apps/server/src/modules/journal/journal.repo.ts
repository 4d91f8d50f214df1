import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { insertRows } from '../../db/bulk.js';
import type { Executor, Tx } from '../../db/client.js';
import {
  coproprietaires,
  financialYears,
  journalEcritures,
  journalExercices,
  journalLignes,
} from '../../db/schema/index.js';

export type EcritureRow = typeof journalEcritures.$inferSelect;
export type LigneRow = typeof journalLignes.$inferSelect;

export async function financialYear(db: Executor, id: string) {
  const [row] = await db.select().from(financialYears).where(eq(financialYears.id, id));
  return row ?? null;
}

/**
 * The next number of an exercice's journal, taken inside the caller's transaction: the row lock
 * makes concurrent posts wait their turn, and a rollback gives the number back (no gap).
 */
export async function takeNumber(tx: Tx, financialYearId: string, coproprieteId: string): Promise<number> {
  await tx
    .insert(journalExercices)
    .values({ financial_year_id: financialYearId, copropriete_id: coproprieteId })
    .onConflictDoNothing();
  const [row] = await tx
    .update(journalExercices)
    .set({ last_number: sql`${journalExercices.last_number} + 1` })
    .where(eq(journalExercices.financial_year_id, financialYearId))
    .returning({ n: journalExercices.last_number });
  return row.n;
}

/** The exercices among `ids`. */
export function financialYearsOf(db: Executor, ids: string[]) {
  if (!ids.length) return Promise.resolve([]);
  return db.select().from(financialYears).where(inArray(financialYears.id, ids));
}

/**
 * `takeNumber` for many écritures at once: the counters locked in id order (two batches never
 * wait on each other in a circle), each moved by its count. Answers each exercice's first number.
 */
export async function takeNumbers(tx: Tx, coproprieteId: string, counts: Map<string, number>) {
  const ids = [...counts.keys()].sort();
  const first = new Map<string, number>();
  if (!ids.length) return first;
  await insertRows(
    tx,
    journalExercices,
    ids.map((id) => ({ financial_year_id: id, copropriete_id: coproprieteId })),
    { onConflictDoNothing: true },
  );
  await tx
    .select({ id: journalExercices.financial_year_id })
    .from(journalExercices)
    .where(inArray(journalExercices.financial_year_id, ids))
    .orderBy(asc(journalExercices.financial_year_id))
    .for('update');
  for (const id of ids) {
    const n = counts.get(id) ?? 0;
    const [row] = await tx
      .update(journalExercices)
      .set({ last_number: sql`${journalExercices.last_number} + ${n}` })
      .where(eq(journalExercices.financial_year_id, id))
      .returning({ n: journalExercices.last_number });
    first.set(id, row.n - n + 1);
  }
  return first;
}

/** Écritures and their lines written by one statement each (rows carry their ids). */
export async function insertMany(
  tx: Tx,
  ecritures: (typeof journalEcritures.$inferInsert)[],
  lignes: (typeof journalLignes.$inferInsert)[],
) {
  await insertRows(tx, journalEcritures, ecritures);
  await insertRows(tx, journalLignes, lignes);
}

export async function insertEcriture(tx: Tx, v: typeof journalEcritures.$inferInsert) {
  const [row] = await tx.insert(journalEcritures).values(v).returning();
  return row;
}

export async function insertLignes(tx: Tx, rows: (typeof journalLignes.$inferInsert)[]) {
  if (rows.length) await tx.insert(journalLignes).values(rows);
}

/** Which of `ids` are co-owners of the building (a line never names another building's co-owner). */
export async function coOwnersOf(db: Executor, coproprieteId: string, ids: string[]) {
  if (!ids.length) return new Set<string>();
  const rows = await db
    .select({ id: coproprietaires.id })
    .from(coproprietaires)
    .where(and(eq(coproprietaires.copropriete_id, coproprieteId), inArray(coproprietaires.id, ids)));
  return new Set(rows.map((r) => r.id));
}

export async function ecritureWithLignes(db: Executor, id: string) {
  const [e] = await db.select().from(journalEcritures).where(eq(journalEcritures.id, id));
  if (!e) return null;
  const lignes = await db
    .select()
    .from(journalLignes)
    .where(eq(journalLignes.ecriture_id, id))
    .orderBy(asc(journalLignes.id));
  return { ...e, lignes };
}

export async function reversalOf(db: Executor, id: string) {
  const [r] = await db
    .select({ id: journalEcritures.id })
    .from(journalEcritures)
    .where(eq(journalEcritures.reverses_id, id));
  return r ?? null;
}

/** The exercice's écritures in number order, with their lines. */
export async function journalOf(db: Executor, financialYearId: string) {
  const ecritures = await db
    .select()
    .from(journalEcritures)
    .where(eq(journalEcritures.financial_year_id, financialYearId))
    .orderBy(asc(journalEcritures.number));
  const lignes = ecritures.length
    ? await db
        .select()
        .from(journalLignes)
        .where(
          inArray(
            journalLignes.ecriture_id,
            ecritures.map((e) => e.id),
          ),
        )
    : [];
  const by = new Map<string, LigneRow[]>();
  for (const l of lignes) by.set(l.ecriture_id, [...(by.get(l.ecriture_id) ?? []), l]);
  return ecritures.map((e) => ({ ...e, lignes: by.get(e.id) ?? [] }));
}

/** Balance (debit − credit) of each account of a building, and of each co-owner on 450x. */
export function balances(db: Executor, coproprieteId: string) {
  return db
    .select({
      account: journalLignes.account,
      coproprietaire_id: journalLignes.coproprietaire_id,
      debit: sql<number>`coalesce(sum(${journalLignes.debit_cents}), 0)::bigint`.mapWith(Number),
      credit: sql<number>`coalesce(sum(${journalLignes.credit_cents}), 0)::bigint`.mapWith(Number),
    })
    .from(journalLignes)
    .where(eq(journalLignes.copropriete_id, coproprieteId))
    .groupBy(journalLignes.account, journalLignes.coproprietaire_id)
    .orderBy(asc(journalLignes.account));
}
