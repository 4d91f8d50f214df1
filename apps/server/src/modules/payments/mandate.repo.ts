import { and, asc, eq, gt, gte, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { ledgerLines, paymentRequests, users } from '../../db/schema/index.js';
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
