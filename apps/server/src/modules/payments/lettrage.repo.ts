import { and, asc, type Column, eq, isNotNull, sql } from 'drizzle-orm';

/** `column = any($1)`: the ids as one array parameter (a delta sends thousands). */
const anyUuid = (column: Column, ids: string[]) =>
  sql`${column} = any(${sql.param([...new Set(ids)])}::uuid[])`;
import {
  coproprietaires,
  coproprietes,
  ledgerLines,
  paymentAllocations,
  paymentTransactions,
  syndicExternalRefs,
} from '../../db/schema/index.js';
import { insertRows, updateRows } from '../../db/bulk.js';
import type { Db } from '../../db/client.js';
import { externalIdsOf } from '../syndic-api/kit/refs.js';
import type { Tx } from './payments.repo.js';

type Q = Db | Tx;

/** The syndic's resource name of ledger lines in `syndic_external_refs`. */
export const LEDGER_LINE_RESOURCE = 'ledger_line';

export async function insertAllocations(
  db: Q,
  rows: { payment_transaction_id: string; ledger_line_id: string; amount_cents: number }[],
) {
  const kept = rows.filter((r) => r.amount_cents !== 0);
  if (kept.length) await db.insert(paymentAllocations).values(kept);
}

/** `insertAllocations` of thousands of rows: one statement (the parameters of a VALUES list run out). */
export async function insertAllocationsMany(
  db: Q,
  rows: { payment_transaction_id: string; ledger_line_id: string; amount_cents: number }[],
) {
  await insertRows(
    db,
    paymentAllocations,
    rows.filter((r) => r.amount_cents !== 0),
  );
}

/** Per line: every product payment allocated to it, and the part not yet acknowledged. */
export async function allocationSums(db: Q, lineIds: string[]) {
  const out = new Map<string, { allocated: number; unacknowledged: number }>();
  if (lineIds.length === 0) return out;
  const rows = await db
    .select({
      line: paymentAllocations.ledger_line_id,
      allocated: sql<number>`coalesce(sum(${paymentAllocations.amount_cents}), 0)::int`,
      unacknowledged: sql<number>`coalesce(sum(${paymentAllocations.amount_cents}) filter (where ${paymentTransactions.acknowledged_at} is null), 0)::int`,
    })
    .from(paymentAllocations)
    .innerJoin(paymentTransactions, eq(paymentTransactions.id, paymentAllocations.payment_transaction_id))
    .where(anyUuid(paymentAllocations.ledger_line_id, lineIds))
    .groupBy(paymentAllocations.ledger_line_id);
  for (const r of rows) out.set(r.line, { allocated: r.allocated, unacknowledged: r.unacknowledged });
  return out;
}

/** The back-office lines among `ids` (those with the back office's own figure). */
export function officeLines(db: Q, ids: string[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .select({
      id: ledgerLines.id,
      amount_cents: ledgerLines.amount_cents,
      remaining_cents: ledgerLines.remaining_cents,
      office_remaining_cents: ledgerLines.office_remaining_cents,
      amount_type: ledgerLines.amount_type,
      books_payment_id: ledgerLines.books_payment_id,
    })
    .from(ledgerLines)
    .where(and(anyUuid(ledgerLines.id, ids), isNotNull(ledgerLines.office_remaining_cents)))
    .for('update');
}

/** What each product payment among `paymentIds` brought, net of refunds: id → cents. */
export async function paymentNetAmounts(db: Q, paymentIds: string[]) {
  const out = new Map<string, number>();
  if (paymentIds.length === 0) return out;
  const rows = await db
    .select({
      id: paymentTransactions.id,
      net: sql<number>`${paymentTransactions.amount_cents} - ${paymentTransactions.refunded_cents}`,
    })
    .from(paymentTransactions)
    .where(
      and(anyUuid(paymentTransactions.id, paymentIds), isNotNull(paymentTransactions.payment_request_id)),
    );
  for (const r of rows) out.set(r.id, Number(r.net));
  return out;
}

/** Sets what a line shows; its syndic ref is marked changed, so the delta lists carry it. */
export async function setRemaining(db: Q, id: string, remainingCents: number) {
  await db.update(ledgerLines).set({ remaining_cents: remainingCents }).where(eq(ledgerLines.id, id));
  await db
    .update(syndicExternalRefs)
    .set({ updated_at: new Date() })
    .where(
      and(eq(syndicExternalRefs.resource, LEDGER_LINE_RESOURCE), eq(syndicExternalRefs.internal_id, id)),
    );
}

/** `setRemaining` of many lines at once: two statements whatever their number. */
export async function setRemainingMany(db: Q, rows: { id: string; remaining: number }[]) {
  if (rows.length === 0) return;
  await updateRows(
    db,
    ledgerLines,
    rows.map((r) => ({ id: r.id, remaining_cents: r.remaining })),
  );
  await db
    .update(syndicExternalRefs)
    .set({ updated_at: new Date() })
    .where(
      and(
        eq(syndicExternalRefs.resource, LEDGER_LINE_RESOURCE),
        anyUuid(
          syndicExternalRefs.internal_id,
          rows.map((r) => r.id),
        ),
      ),
    );
}

/** Allocation rows with the payment's acknowledgement, by line or by payment. */
export function allocationsOf(db: Q, by: { lines?: string[]; payments?: string[] }) {
  const cond = by.lines
    ? anyUuid(paymentAllocations.ledger_line_id, by.lines)
    : anyUuid(paymentAllocations.payment_transaction_id, by.payments ?? []);
  if ((by.lines ?? by.payments ?? []).length === 0) return Promise.resolve([]);
  return (
    db
      .select({
        payment_id: paymentAllocations.payment_transaction_id,
        line_id: paymentAllocations.ledger_line_id,
        amount_cents: paymentAllocations.amount_cents,
        acknowledged_at: paymentTransactions.acknowledged_at,
      })
      .from(paymentAllocations)
      .innerJoin(paymentTransactions, eq(paymentTransactions.id, paymentAllocations.payment_transaction_id))
      .innerJoin(ledgerLines, eq(ledgerLines.id, paymentAllocations.ledger_line_id))
      .where(cond)
      // A payment's shares are written together: the lines' own order after that.
      .orderBy(asc(paymentAllocations.created_at), asc(ledgerLines.date), asc(ledgerLines.id))
  );
}

/** Sets acknowledged_at once per payment: the ids this call acknowledged. */
export async function markAcknowledgedMany(db: Q, paymentIds: string[]) {
  if (paymentIds.length === 0) return [];
  const rows = await db
    .update(paymentTransactions)
    .set({ acknowledged_at: new Date() })
    .where(
      and(anyUuid(paymentTransactions.id, paymentIds), sql`${paymentTransactions.acknowledged_at} is null`),
    )
    .returning({ id: paymentTransactions.id });
  return rows.map((r) => r.id);
}

/** A product payment (made through a payment request) with its syndic. */
export async function findProductPayment(db: Q, paymentId: string, opts: { lock?: boolean } = {}) {
  const q = db
    .select({ payment: paymentTransactions, syndic_id: coproprietes.syndic_id })
    .from(paymentTransactions)
    .innerJoin(coproprietaires, eq(coproprietaires.id, paymentTransactions.coproprietaire_id))
    .innerJoin(coproprietes, eq(coproprietes.id, coproprietaires.copropriete_id))
    .where(and(eq(paymentTransactions.id, paymentId), isNotNull(paymentTransactions.payment_request_id)))
    .limit(1);
  const [row] = await (opts.lock ? q.for('update', { of: paymentTransactions }) : q);
  return row;
}

export async function findPaymentByProviderId(db: Q, providerPaymentId: string) {
  const [row] = await db
    .select()
    .from(paymentTransactions)
    .where(eq(paymentTransactions.provider_payment_id, providerPaymentId))
    .limit(1)
    .for('update');
  return row;
}

export async function setRefunded(db: Q, paymentId: string, refundedCents: number) {
  await db
    .update(paymentTransactions)
    .set({ refunded_cents: refundedCents })
    .where(eq(paymentTransactions.id, paymentId));
}

/** The credit line the product made for a payment. */
export async function paymentLine(db: Q, paymentId: string) {
  const [row] = await db
    .select()
    .from(ledgerLines)
    .where(and(eq(ledgerLines.payment_transaction_id, paymentId), eq(ledgerLines.amount_type, 'credit')))
    .limit(1);
  return row;
}

/** Gives a line the product made an external_id, so the syndic's list of ledger lines shows it. */
export async function registerProductLine(db: Q, syndicId: string, externalId: string, lineId: string) {
  await db
    .insert(syndicExternalRefs)
    .values({
      syndic_id: syndicId,
      resource: LEDGER_LINE_RESOURCE,
      external_id: externalId,
      internal_id: lineId,
    })
    .onConflictDoNothing();
}

/** Our line id → the syndic's external_id of it (the kit's one lookup of external ids). */
export function lineExternalIds(db: Q, syndicId: string, lineIds: string[]) {
  return externalIdsOf(db, syndicId, LEDGER_LINE_RESOURCE, lineIds);
}

/** The syndic of a co-owner record's building (null for an unknown record). */
export async function syndicOfCoproprietaire(db: Q, coproprietaireId: string) {
  const [row] = await db
    .select({ id: coproprietes.syndic_id })
    .from(coproprietaires)
    .innerJoin(coproprietes, eq(coproprietes.id, coproprietaires.copropriete_id))
    .where(eq(coproprietaires.id, coproprietaireId))
    .limit(1);
  return row?.id ?? null;
}

export async function syndicOfCopropriete(db: Q, coproprieteId: string) {
  const [row] = await db
    .select({ id: coproprietes.syndic_id })
    .from(coproprietes)
    .where(eq(coproprietes.id, coproprieteId))
    .limit(1);
  return row?.id ?? null;
}
