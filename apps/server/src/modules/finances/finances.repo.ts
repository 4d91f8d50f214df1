import { and, asc, desc, eq, gt, inArray, isNotNull, lt, lte, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { prepared } from '../../db/prepared.js';
import {
  billLotLines,
  bills,
  charges,
  coproprietaireLots,
  coproprietaires,
  ledgerLines,
  lots,
  paymentTransactions,
  repartitions,
} from '../../db/schema/index.js';

export type LedgerRow = typeof ledgerLines.$inferSelect;
export type PaymentTransactionRow = typeof paymentTransactions.$inferSelect;

// The statement pages are the most visited after the home screen: their reads are prepared once
// (db/prepared.ts), one variant per filter, so no request rebuilds their SQL.
const record = sql.placeholder('record');
const copro = sql.placeholder('copro');
const ownerLines = and(eq(ledgerLines.coproprietaire_id, record), eq(ledgerLines.copropriete_id, copro));

/** Open lines (remaining > 0) or settled ones (remaining 0) of one co-owner's account, by date. */
export async function listLedgerLines(
  db: Db,
  coproprietaireId: string,
  coproprieteId: string,
  which: 'open' | 'settled',
): Promise<LedgerRow[]> {
  return prepared(db, `ledger_${which}`, (d) =>
    d
      .select()
      .from(ledgerLines)
      .where(
        and(
          ownerLines,
          which === 'open' ? gt(ledgerLines.remaining_cents, 0) : lte(ledgerLines.remaining_cents, 0),
        ),
      )
      .orderBy(asc(ledgerLines.date), asc(ledgerLines.created_at), asc(ledgerLines.id))
      .prepare(`ledger_${which}`),
  ).execute({ record: coproprietaireId, copro: coproprieteId });
}

/** The co-owner's lots, by name. */
export async function listOwnerLots(db: Db, coproprietaireId: string) {
  return prepared(db, 'owner_lots', (d) =>
    d
      .select({ id: lots.id, name: lots.name, type_name: lots.type_name })
      .from(coproprietaireLots)
      .innerJoin(lots, eq(lots.id, coproprietaireLots.lot_id))
      .where(eq(coproprietaireLots.coproprietaire_id, record))
      .orderBy(asc(lots.name))
      .prepare('owner_lots'),
  ).execute({ record: coproprietaireId });
}

/** The co-owner's bill lines (debits that call for a bill), newest first. */
export async function listBillLines(
  db: Db,
  coproprietaireId: string,
  coproprieteId: string,
  which: 'paid' | 'unpaid',
): Promise<LedgerRow[]> {
  return prepared(db, `bills_${which}`, (d) =>
    d
      .select()
      .from(ledgerLines)
      .where(
        and(
          ownerLines,
          eq(ledgerLines.amount_type, 'debit'),
          isNotNull(ledgerLines.bill_id),
          which === 'paid' ? lte(ledgerLines.remaining_cents, 0) : gt(ledgerLines.remaining_cents, 0),
        ),
      )
      .orderBy(desc(ledgerLines.date), desc(ledgerLines.created_at), desc(ledgerLines.id))
      .prepare(`bills_${which}`),
  ).execute({ record: coproprietaireId, copro: coproprieteId });
}

export async function findBill(db: Db, coproprieteId: string, billId: string) {
  const [row] = await db
    .select()
    .from(bills)
    .where(and(eq(bills.id, billId), eq(bills.copropriete_id, coproprieteId)))
    .limit(1);
  return row;
}

/**
 * Lots the caller may ask a breakdown for: those of the signed-in user's records in this
 * copropriété, or of the one record a preview token grants.
 */
export async function allowedLotIds(
  db: Db,
  coproprieteId: string,
  who: { userId?: string | null; coproprietaireId?: string | null },
): Promise<Set<string>> {
  const conds: SQL[] = [];
  if (who.userId) conds.push(eq(coproprietaires.user_id, who.userId));
  if (who.coproprietaireId) conds.push(eq(coproprietaires.id, who.coproprietaireId));
  if (conds.length === 0) return new Set();
  const rows = await db
    .select({ lot_id: coproprietaireLots.lot_id })
    .from(coproprietaireLots)
    .innerJoin(coproprietaires, eq(coproprietaires.id, coproprietaireLots.coproprietaire_id))
    .where(and(eq(coproprietaires.copropriete_id, coproprieteId), or(...conds)));
  return new Set(rows.map((r) => r.lot_id));
}

/** A bill's lines for some lots, with lot, repartition and charge names. */
export async function billLinesForLots(db: Db, billId: string, lotIds: string[]) {
  if (lotIds.length === 0) return [];
  return db
    .select({
      amount: billLotLines.amount_cents,
      lot_id: lots.id,
      lot_name: lots.name,
      lot_type_name: lots.type_name,
      repartition_id: repartitions.id,
      repartition_name: repartitions.name,
      repartition_code: repartitions.code,
      charge_id: charges.id,
      charge_name: charges.name,
      charge_code: charges.code,
    })
    .from(billLotLines)
    .innerJoin(lots, eq(lots.id, billLotLines.lot_id))
    .innerJoin(repartitions, eq(repartitions.id, billLotLines.repartition_id))
    .leftJoin(charges, eq(charges.id, billLotLines.charge_id))
    .where(and(eq(billLotLines.bill_id, billId), inArray(billLotLines.lot_id, lotIds)))
    .orderBy(asc(lots.name), asc(repartitions.code), asc(charges.code));
}

/** One page of payment transactions, newest first, after the (date, id) cursor. */
export async function listPaymentTransactions(
  db: Db,
  coproprietaireId: string,
  limit: number,
  after: { date: Date; id: string } | null,
): Promise<PaymentTransactionRow[]> {
  const owner = eq(paymentTransactions.coproprietaire_id, record);
  const cursor = or(
    lt(paymentTransactions.date, sql`${sql.placeholder('date')}::timestamptz`),
    and(
      eq(paymentTransactions.date, sql`${sql.placeholder('date')}::timestamptz`),
      lt(paymentTransactions.id, sql`${sql.placeholder('id')}::uuid`),
    ),
  );
  const name = after ? 'transactions_after' : 'transactions_first';
  return prepared(db, name, (d) =>
    d
      .select()
      .from(paymentTransactions)
      .where(after ? and(owner, cursor) : owner)
      .orderBy(desc(paymentTransactions.date), desc(paymentTransactions.id))
      .limit(sql.placeholder('limit'))
      .prepare(name),
  ).execute({
    record: coproprietaireId,
    limit,
    ...(after ? { date: after.date.toISOString(), id: after.id } : {}),
  });
}
