import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { ledgerLines, paymentRequests, paymentTransactions } from '../db/schema/index.js';
import { ledgerLineRow } from '../../seed/builders/rows.js';
import { makeCoproprietaire, makeCopropriete, makeSignedInUser, makeSyndic } from './factories.js';

export async function makeLedgerLine(
  db: Db,
  v: Pick<typeof ledgerLines.$inferInsert, 'coproprietaire_id' | 'copropriete_id'> &
    Partial<typeof ledgerLines.$inferInsert>,
) {
  const [row] = await db.insert(ledgerLines).values(ledgerLineRow(v)).returning();
  return row;
}

/**
 * A signed-in co-owner of a copropriété whose syndic takes card payments, owing two
 * quarters (412,50 € and 398,75 €), with one settled debit and one settled credit.
 */
export async function makePayingOwner(
  db: Db,
  opts: { cardPayments?: boolean; accountId?: string | null } = {},
) {
  const syndic = await makeSyndic(db, {
    card_payments_active: opts.cardPayments ?? true,
    stripe_account_id: opts.accountId === undefined ? 'acct_test_ready' : opts.accountId,
  });
  const copro = await makeCopropriete(db, { syndic_id: syndic.id });
  const signed = await makeSignedInUser(db);
  const owner = await makeCoproprietaire(db, { copropriete_id: copro.id, user_id: signed.user.id });
  const base = { coproprietaire_id: owner.id, copropriete_id: copro.id };
  const q3 = await makeLedgerLine(db, {
    ...base,
    name: 'Appel de fonds T3 2026',
    date: '2026-07-01',
    amount_cents: 41_250,
  });
  const q4 = await makeLedgerLine(db, {
    ...base,
    name: 'Appel de fonds T4 2026',
    date: '2026-10-01',
    amount_cents: 39_875,
  });
  const settled = await makeLedgerLine(db, {
    ...base,
    name: 'Appel de fonds T2 2026',
    date: '2026-04-01',
    amount_cents: 40_000,
    remaining_cents: 0,
  });
  const settledCredit = await makeLedgerLine(db, {
    ...base,
    name: 'Virement',
    date: '2026-04-05',
    amount_type: 'credit',
    bill_type: 'other',
    amount_cents: 40_000,
    remaining_cents: 0,
  });
  const path = `/api/finances/coproprietes/${copro.id}/coproprietaires/${owner.id}`;
  return { syndic, copro, owner, ...signed, q3, q4, settled, settledCredit, base, path };
}

export const ledgerOf = (db: Db, coproprietaireId: string) =>
  db.select().from(ledgerLines).where(eq(ledgerLines.coproprietaire_id, coproprietaireId));
export const transactionsOf = (db: Db, coproprietaireId: string) =>
  db.select().from(paymentTransactions).where(eq(paymentTransactions.coproprietaire_id, coproprietaireId));
export const requestsOf = (db: Db, coproprietaireId: string) =>
  db.select().from(paymentRequests).where(eq(paymentRequests.coproprietaire_id, coproprietaireId));
