import { and, asc, eq, gt, gte, inArray, isNotNull } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import {
  coproprietaires,
  coproprietes,
  ledgerLines,
  paymentCustomers,
  paymentRequests,
  sepaMandates,
  syndics,
  users,
} from '../../db/schema/index.js';
import type { Tx } from './payments.repo.js';

type Q = Db | Tx;

/** The open debit lines of a record written since `since` (the appels de fonds a mandate pays). */
export function newOpenDebits(db: Q, coproprietaireId: string, since: Date) {
  return db
    .select()
    .from(ledgerLines)
    .where(
      and(
        eq(ledgerLines.coproprietaire_id, coproprietaireId),
        eq(ledgerLines.amount_type, 'debit'),
        gt(ledgerLines.remaining_cents, 0),
        gte(ledgerLines.created_at, since),
      ),
    )
    .orderBy(asc(ledgerLines.date), asc(ledgerLines.created_at));
}

/** Mandate debits submitted to the bank (processing), the sandbox's bank answers on the next round. */
export function processingMandateDebits(db: Q, mandateIds: string[]) {
  if (mandateIds.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(paymentRequests)
    .where(and(inArray(paymentRequests.mandate_id, mandateIds), eq(paymentRequests.status, 'processing')));
}

export async function emailOfUser(db: Q, userId: string | null) {
  if (!userId) return null;
  const [u] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId)).limit(1);
  return u?.email ?? null;
}

/** A payment request made by a saved mandate (an off-session PaymentIntent names it in its metadata). */
export async function mandateRequest(db: Q, id: string | undefined) {
  if (!id || !/^[0-9a-f-]{36}$/i.test(id)) return null;
  const [row] = await db
    .select()
    .from(paymentRequests)
    .where(and(eq(paymentRequests.id, id), isNotNull(paymentRequests.mandate_id)))
    .limit(1);
  return row ?? null;
}

export async function setRequestSession(db: Q, id: string, sessionId: string) {
  await db.update(paymentRequests).set({ session_id: sessionId }).where(eq(paymentRequests.id, id));
}

export async function mandateByPaymentMethod(db: Q, paymentMethodId: string) {
  const [row] = await db
    .select()
    .from(sepaMandates)
    .where(eq(sepaMandates.provider_payment_method_id, paymentMethodId))
    .limit(1);
  return row ?? null;
}

export async function mandateById(db: Q, id: string) {
  const [row] = await db.select().from(sepaMandates).where(eq(sepaMandates.id, id)).limit(1);
  return row ?? null;
}

export async function customerOf(db: Q, userId: string, accountId: string) {
  const [row] = await db
    .select()
    .from(paymentCustomers)
    .where(and(eq(paymentCustomers.user_id, userId), eq(paymentCustomers.account_id, accountId)))
    .limit(1);
  return row?.customer_id ?? null;
}

export async function saveCustomer(db: Q, userId: string, accountId: string, customerId: string) {
  await db
    .insert(paymentCustomers)
    .values({ user_id: userId, account_id: accountId, customer_id: customerId })
    .onConflictDoNothing();
}

/** The connected account of the syndic managing a co-owner record. */
export async function accountOfRecord(db: Q, coproprietaireId: string) {
  const [row] = await db
    .select({ account_id: syndics.stripe_account_id })
    .from(coproprietaires)
    .innerJoin(coproprietes, eq(coproprietes.id, coproprietaires.copropriete_id))
    .innerJoin(syndics, eq(syndics.id, coproprietes.syndic_id))
    .where(eq(coproprietaires.id, coproprietaireId))
    .limit(1);
  return row?.account_id ?? null;
}
