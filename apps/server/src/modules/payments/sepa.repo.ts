import { and, desc, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import {
  coproprietaires,
  coproprietes,
  ledgerLines,
  paymentAllocations,
  paymentRequests,
  paymentTransactions,
  sepaMandates,
  syndics,
} from '../../db/schema/index.js';
import type { Db } from '../../db/client.js';
import type { Tx } from './payments.repo.js';

type Q = Db | Tx;
export type MandateRow = typeof sepaMandates.$inferSelect;

/** Requests whose debits a SEPA debit under way or announced will settle. */
export const HOLDING = ['processing', 'scheduled'];

export function holdingRequests(db: Q, coproprietaireId: string) {
  return db
    .select()
    .from(paymentRequests)
    .where(
      and(eq(paymentRequests.coproprietaire_id, coproprietaireId), inArray(paymentRequests.status, HOLDING)),
    );
}

/** open → processing, with the method the checkout completed with. */
export async function markProcessing(db: Q, id: string, method: string) {
  await db
    .update(paymentRequests)
    .set({ status: 'processing', payment_method: method })
    .where(and(eq(paymentRequests.id, id), inArray(paymentRequests.status, ['open', 'scheduled'])));
}

export async function setRequestStatus(db: Q, id: string, status: string) {
  await db
    .update(paymentRequests)
    .set({ status, completed_at: new Date() })
    .where(eq(paymentRequests.id, id));
}

export async function activeMandate(db: Q, coproprietaireId: string) {
  const [row] = await db
    .select()
    .from(sepaMandates)
    .where(and(eq(sepaMandates.coproprietaire_id, coproprietaireId), isNull(sepaMandates.revoked_at)))
    .limit(1);
  return row ?? null;
}

export async function insertMandate(db: Q, v: typeof sepaMandates.$inferInsert) {
  const [row] = await db.insert(sepaMandates).values(v).returning();
  return row;
}

export async function revokeMandates(db: Q, coproprietaireId: string) {
  return db
    .update(sepaMandates)
    .set({ revoked_at: new Date() })
    .where(and(eq(sepaMandates.coproprietaire_id, coproprietaireId), isNull(sepaMandates.revoked_at)))
    .returning({
      id: sepaMandates.id,
      provider: sepaMandates.provider,
      payment_method_id: sepaMandates.provider_payment_method_id,
    });
}

/** The debits announced on a mandate and not yet taken. */
export function scheduledOf(db: Q, mandateIds: string[]) {
  if (mandateIds.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(paymentRequests)
    .where(and(inArray(paymentRequests.mandate_id, mandateIds), eq(paymentRequests.status, 'scheduled')))
    .orderBy(paymentRequests.collect_on);
}

export async function cancelScheduled(db: Q, mandateIds: string[]) {
  if (mandateIds.length === 0) return;
  await db
    .update(paymentRequests)
    .set({ status: 'cancelled', completed_at: new Date() })
    .where(and(inArray(paymentRequests.mandate_id, mandateIds), eq(paymentRequests.status, 'scheduled')));
}

/** Every active mandate with its record's building and syndic (the job's round). */
export function activeMandates(db: Q) {
  return db
    .select({
      mandate: sepaMandates,
      copropriete_id: coproprietaires.copropriete_id,
      account_id: syndics.stripe_account_id,
    })
    .from(sepaMandates)
    .innerJoin(coproprietaires, eq(coproprietaires.id, sepaMandates.coproprietaire_id))
    .innerJoin(coproprietes, eq(coproprietes.id, coproprietaires.copropriete_id))
    .innerJoin(syndics, eq(syndics.id, coproprietes.syndic_id))
    .where(isNull(sepaMandates.revoked_at));
}

/** Mandate debits due on `today` (announced for that date or before). */
export function dueScheduled(db: Q, today: string) {
  return db
    .select()
    .from(paymentRequests)
    .where(and(eq(paymentRequests.status, 'scheduled'), lte(paymentRequests.collect_on, today)));
}

/** A succeeded payment of one co-owner record, with what its receipt shows. */
export async function paymentForReceipt(db: Q, coproprietaireId: string, paymentId: string) {
  const [row] = await db
    .select({
      payment: paymentTransactions,
      owner_name: coproprietaires.display_name,
      owner_address: coproprietaires.address,
      copro_name: coproprietes.name,
      copro_address: coproprietes.address,
      copro_id: coproprietes.id,
      syndic_name: syndics.name,
    })
    .from(paymentTransactions)
    .innerJoin(coproprietaires, eq(coproprietaires.id, paymentTransactions.coproprietaire_id))
    .innerJoin(coproprietes, eq(coproprietes.id, coproprietaires.copropriete_id))
    .innerJoin(syndics, eq(syndics.id, coproprietes.syndic_id))
    .where(
      and(eq(paymentTransactions.id, paymentId), eq(paymentTransactions.coproprietaire_id, coproprietaireId)),
    )
    .limit(1);
  if (!row) return null;
  const lines = await db
    .select({
      name: ledgerLines.name,
      date: ledgerLines.date,
      amount_type: ledgerLines.amount_type,
      amount_cents: sql<number>`sum(${paymentAllocations.amount_cents})::int`,
    })
    .from(paymentAllocations)
    .innerJoin(ledgerLines, eq(ledgerLines.id, paymentAllocations.ledger_line_id))
    .where(eq(paymentAllocations.payment_transaction_id, paymentId))
    .groupBy(ledgerLines.id, ledgerLines.name, ledgerLines.date, ledgerLines.amount_type)
    .orderBy(ledgerLines.date);
  return { ...row, lines };
}

export async function transactionOfRequest(db: Q, requestId: string) {
  const [row] = await db
    .select()
    .from(paymentTransactions)
    .where(eq(paymentTransactions.payment_request_id, requestId))
    .orderBy(desc(paymentTransactions.created_at))
    .limit(1);
  return row ?? null;
}
