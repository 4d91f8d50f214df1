import { and, asc, eq, gt, inArray } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import {
  coproprietaires,
  coproprietes,
  ledgerLines,
  paymentRequests,
  paymentTransactions,
  syndics,
  webhookEvents,
} from '../../db/schema/index.js';

/** A Drizzle transaction (same query API as Db). */
export type { Tx };
type Q = Db | Tx;

export type LedgerLineRow = typeof ledgerLines.$inferSelect;
export type PaymentRequestRow = typeof paymentRequests.$inferSelect;

/** Lines still open (remaining > 0) of one type, oldest first. */
export function openLines(db: Q, coproprietaireId: string, type: 'debit' | 'credit') {
  return db
    .select()
    .from(ledgerLines)
    .where(
      and(
        eq(ledgerLines.coproprietaire_id, coproprietaireId),
        eq(ledgerLines.amount_type, type),
        gt(ledgerLines.remaining_cents, 0),
      ),
    )
    .orderBy(asc(ledgerLines.date), asc(ledgerLines.created_at));
}

/** The open lines among `ids` (another owner's or a settled line is simply not returned). */
export function openLinesByIds(
  db: Q,
  coproprietaireId: string,
  type: 'debit' | 'credit',
  ids: string[],
  opts: { lock?: boolean } = {},
) {
  if (ids.length === 0) return Promise.resolve([] as LedgerLineRow[]);
  const q = db
    .select()
    .from(ledgerLines)
    .where(
      and(
        eq(ledgerLines.coproprietaire_id, coproprietaireId),
        eq(ledgerLines.amount_type, type),
        gt(ledgerLines.remaining_cents, 0),
        inArray(ledgerLines.id, ids),
      ),
    )
    .orderBy(asc(ledgerLines.date), asc(ledgerLines.created_at));
  return opts.lock ? q.for('update') : q;
}

export async function setRemaining(db: Q, id: string, remainingCents: number) {
  await db.update(ledgerLines).set({ remaining_cents: remainingCents }).where(eq(ledgerLines.id, id));
}

export async function insertLedgerLine(db: Q, v: typeof ledgerLines.$inferInsert) {
  const [row] = await db.insert(ledgerLines).values(v).returning();
  return row;
}

export async function insertPaymentRequest(db: Q, v: typeof paymentRequests.$inferInsert) {
  const [row] = await db.insert(paymentRequests).values(v).returning();
  return row;
}

export async function updatePaymentRequest(
  db: Q,
  id: string,
  v: Partial<Pick<PaymentRequestRow, 'session_id' | 'account_id' | 'status' | 'completed_at'>>,
) {
  await db.update(paymentRequests).set(v).where(eq(paymentRequests.id, id));
}

export async function setRequestMethod(db: Q, id: string, method: string) {
  await db.update(paymentRequests).set({ payment_method: method }).where(eq(paymentRequests.id, id));
}

export async function findRequestBySession(db: Q, sessionId: string, opts: { lock?: boolean } = {}) {
  const q = db.select().from(paymentRequests).where(eq(paymentRequests.session_id, sessionId)).limit(1);
  const [row] = await (opts.lock ? q.for('update') : q);
  return row;
}

/** A payment request with what the sandbox checkout page shows (payee, property). */
export async function findRequestForCheckout(db: Q, sessionId: string) {
  const [row] = await db
    .select({
      request: paymentRequests,
      coproprietaire_name: coproprietaires.display_name,
      copropriete_name: coproprietes.name,
      syndic_name: syndics.name,
    })
    .from(paymentRequests)
    .innerJoin(coproprietaires, eq(coproprietaires.id, paymentRequests.coproprietaire_id))
    .innerJoin(coproprietes, eq(coproprietes.id, coproprietaires.copropriete_id))
    .innerJoin(syndics, eq(syndics.id, coproprietes.syndic_id))
    .where(eq(paymentRequests.session_id, sessionId))
    .limit(1);
  return row;
}

export function linesByIds(db: Q, ids: string[]) {
  if (ids.length === 0) return Promise.resolve([] as LedgerLineRow[]);
  return db.select().from(ledgerLines).where(inArray(ledgerLines.id, ids)).orderBy(asc(ledgerLines.date));
}

export async function eventSeen(db: Q, eventId: string) {
  const [row] = await db
    .select({ id: webhookEvents.event_id })
    .from(webhookEvents)
    .where(eq(webhookEvents.event_id, eventId))
    .limit(1);
  return !!row;
}

/** Records an event id; false when it was already there (the primary key decides). */
export async function claimEvent(db: Q, eventId: string, type: string) {
  const rows = await db
    .insert(webhookEvents)
    .values({ event_id: eventId, type })
    .onConflictDoNothing()
    .returning({ id: webhookEvents.event_id });
  return rows.length > 0;
}

/** Inserts the transaction of a payment request; null when one already exists (unique index). */
export async function insertPaymentTransaction(db: Q, v: typeof paymentTransactions.$inferInsert) {
  const rows = await db
    .insert(paymentTransactions)
    .values(v)
    .onConflictDoNothing({ target: paymentTransactions.payment_request_id })
    .returning();
  return rows[0] ?? null;
}

export async function coproprieteIdOf(db: Q, coproprietaireId: string) {
  const [row] = await db
    .select({ id: coproprietaires.copropriete_id })
    .from(coproprietaires)
    .where(eq(coproprietaires.id, coproprietaireId))
    .limit(1);
  return row?.id ?? null;
}
