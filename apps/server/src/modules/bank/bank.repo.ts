import { and, asc, eq, gt, gte, inArray, isNull, lte } from 'drizzle-orm';
import { insertRows, updateRows } from '../../db/bulk.js';
import type { Executor, Tx } from '../../db/client.js';
import {
  bankLines,
  bankStatements,
  coproprietaires,
  financialYears,
  ledgerLines,
  paymentTransactions,
} from '../../db/schema/index.js';

/** The statement of that bank id in the building, created if new. */
export async function claimStatement(tx: Tx, v: typeof bankStatements.$inferInsert) {
  const [created] = await tx.insert(bankStatements).values(v).onConflictDoNothing().returning();
  if (created) return { statement: created, created: true };
  const [existing] = await tx
    .select()
    .from(bankStatements)
    .where(
      and(
        eq(bankStatements.copropriete_id, v.copropriete_id),
        eq(bankStatements.statement_ref, v.statement_ref),
      ),
    );
  return { statement: existing, created: false };
}

/** Inserts the lines not seen yet in this statement; answers those (the others were imported before). */
export async function insertNewLines(tx: Tx, rows: (typeof bankLines.$inferInsert)[]) {
  if (!rows.length) return [];
  return tx.insert(bankLines).values(rows).onConflictDoNothing().returning();
}

export async function updateLine(tx: Tx, id: string, v: Partial<typeof bankLines.$inferInsert>) {
  await tx.update(bankLines).set(v).where(eq(bankLines.id, id));
}

export async function lineOf(db: Executor, id: string, opts: { lock?: boolean } = {}) {
  const q = db.select().from(bankLines).where(eq(bankLines.id, id));
  const [row] = await (opts.lock ? q.for('update') : q);
  return row ?? null;
}

export function queue(db: Executor, coproprieteId: string) {
  return db
    .select()
    .from(bankLines)
    .where(and(eq(bankLines.copropriete_id, coproprieteId), eq(bankLines.status, 'unmatched')))
    .orderBy(asc(bankLines.date), asc(bankLines.created_at));
}

export async function yearCovering(db: Executor, coproprieteId: string, date: string) {
  const [row] = await db
    .select()
    .from(financialYears)
    .where(
      and(
        eq(financialYears.copropriete_id, coproprieteId),
        lte(financialYears.start_date, date),
        gte(financialYears.end_date, date),
      ),
    );
  return row ?? null;
}

/** The building's current co-owners, with what a credit can be matched on. */
export function coOwners(db: Executor, coproprieteId: string) {
  return db
    .select({
      id: coproprietaires.id,
      unique_code: coproprietaires.unique_code,
      name: coproprietaires.name,
      display_name: coproprietaires.display_name,
      last_name: coproprietaires.last_name,
      company: coproprietaires.company,
    })
    .from(coproprietaires)
    .where(and(eq(coproprietaires.copropriete_id, coproprieteId), isNull(coproprietaires.removed_at)));
}

/** Open debits (remaining > 0) of the building, or of some co-owners, oldest first. */
export function openDebits(
  db: Executor,
  coproprieteId: string,
  owners?: string[],
  opts: { lock?: boolean } = {},
) {
  const q = db
    .select()
    .from(ledgerLines)
    .where(
      and(
        eq(ledgerLines.copropriete_id, coproprieteId),
        eq(ledgerLines.amount_type, 'debit'),
        gt(ledgerLines.remaining_cents, 0),
        owners ? inArray(ledgerLines.coproprietaire_id, owners) : undefined,
      ),
    )
    .orderBy(asc(ledgerLines.date), asc(ledgerLines.created_at));
  return opts.lock ? q.for('update') : q;
}

export async function insertPayment(tx: Tx, v: typeof paymentTransactions.$inferInsert) {
  const [row] = await tx.insert(paymentTransactions).values(v).returning({ id: paymentTransactions.id });
  return row.id;
}

export async function insertCreditLine(tx: Tx, v: typeof ledgerLines.$inferInsert) {
  const [row] = await tx.insert(ledgerLines).values(v).returning({ id: ledgerLines.id });
  return row.id;
}

/**
 * `insertNewLines` in one statement whatever the statement's length (a VALUES list runs out of
 * parameters past some thousands of lines): the lines not seen yet: their ids by reference.
 */
export async function insertNewLinesMany(tx: Tx, rows: (typeof bankLines.$inferInsert)[]) {
  const out = await insertRows(tx, bankLines, rows, {
    onConflictDoNothing: true,
    returning: ['id', 'line_ref'],
  });
  return out.map((r) => ({ id: String(r.id), line_ref: String(r.line_ref) }));
}

/** The building's exercices: the import finds the one covering each line's day. */
export function yearsOf(db: Executor, coproprieteId: string) {
  return db.select().from(financialYears).where(eq(financialYears.copropriete_id, coproprieteId));
}

export async function insertPaymentsMany(tx: Tx, rows: (typeof paymentTransactions.$inferInsert)[]) {
  await insertRows(tx, paymentTransactions, rows);
}

export async function insertCreditLinesMany(tx: Tx, rows: (typeof ledgerLines.$inferInsert)[]) {
  await insertRows(tx, ledgerLines, rows);
}

/** What the import decided for each line, in one statement. */
export async function updateLinesMany(
  tx: Tx,
  rows: (Partial<typeof bankLines.$inferInsert> & { id: string })[],
) {
  await updateRows(tx, bankLines, rows);
}
