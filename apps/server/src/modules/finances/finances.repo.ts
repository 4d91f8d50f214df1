import { type SQL, and, asc, desc, eq, gt, isNotNull, lt, lte, or, sql } from 'drizzle-orm';
import { byDate, ownerLines } from '../../db/ledger-order.js';
import type { Db } from '../../db/client.js';
import type { RowsOf } from '../../db/prepared.js';
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
  sessions,
} from '../../db/schema/index.js';

/** Written out: drizzle leaves a one-table query's columns unqualified, which a subquery would misread. */
const LINE = sql.raw('"ledger_lines"');
/**
 * What the statement, settled lines and bills show of a ledger line: only these columns are read
 * (the line's other ids and its creation time, a timestamp to decode per row, are never shown).
 */
export const ledgerLineColumns = {
  id: ledgerLines.id,
  name: ledgerLines.name,
  date: ledgerLines.date,
  amount_cents: ledgerLines.amount_cents,
  remaining_cents: ledgerLines.remaining_cents,
  amount_type: ledgerLines.amount_type,
  bill_type: ledgerLines.bill_type,
  bill_id: ledgerLines.bill_id,
  /** A product payment's credit line: the payment (its receipt) and how it was paid. */
  payment_id: sql<
    string | null
  >`case when ${ledgerLines.amount_type} = 'credit' then ${ledgerLines.payment_transaction_id} end`,
  payment_method: sql<
    string | null
  >`(select t.payment_method from payment_transactions t where t.id = ${LINE}."payment_transaction_id")`,
  /**
   * A debit a SEPA debit under way (processing) or announced on a mandate (scheduled) will settle:
   * its announced date, or the request's creation date while processing.
   */
  collect_on: sql<string | null>`(select coalesce(r.collect_on::text, to_char(r.created_at, 'YYYY-MM-DD'))
    from payment_requests r where r.coproprietaire_id = ${LINE}."coproprietaire_id"
    and r.status in ('processing', 'scheduled')
    and r.debits @> jsonb_build_array(jsonb_build_object('id', ${LINE}."id"::text)) limit 1)`,
};
export type LedgerRow = Pick<
  typeof ledgerLines.$inferSelect,
  Exclude<keyof typeof ledgerLineColumns, 'payment_id' | 'payment_method' | 'collect_on'>
> & { payment_id: string | null; payment_method: string | null; collect_on: string | null };
export type PaymentTransactionRow = typeof paymentTransactions.$inferSelect;

// The statement pages are the most visited after the home screen: their reads are prepared once
// (db/prepared.ts), one variant per filter, so no request rebuilds their SQL.
const record = sql.placeholder('record');

/** A named read of one co-owner's ledger lines in their copropriété, with a filter and an order. */
const ownerLedgerRead = (
  name: string,
  coproprietaireId: string,
  coproprieteId: string,
  where: SQL | undefined,
  order: SQL[],
) => ({
  name,
  build: (d: Db) =>
    d
      .select(ledgerLineColumns)
      .from(ledgerLines)
      .where(and(ownerLines, where))
      .orderBy(...order),
  values: { record: coproprietaireId, copro: coproprieteId },
});

/** Open lines (remaining > 0) or settled ones (remaining 0) of one co-owner's account, by date. */
export const ledgerLinesRead = (coproprietaireId: string, coproprieteId: string, which: 'open' | 'settled') =>
  ownerLedgerRead(
    `ledger_${which}`,
    coproprietaireId,
    coproprieteId,
    which === 'open' ? gt(ledgerLines.remaining_cents, 0) : lte(ledgerLines.remaining_cents, 0),
    byDate,
  );

/** The co-owner's lots, by name. */
export function ownerLotsRead(coproprietaireId: string) {
  return {
    name: 'owner_lots',
    build: (d: Db) =>
      d
        .select({ id: lots.id, name: lots.name, type_name: lots.type_name })
        .from(coproprietaireLots)
        .innerJoin(lots, eq(lots.id, coproprietaireLots.lot_id))
        .where(eq(coproprietaireLots.coproprietaire_id, record))
        .orderBy(asc(lots.name)),
    values: { record: coproprietaireId },
  };
}

/** The co-owner's bill lines (debits that call for a bill), newest first. */
export const billLinesRead = (coproprietaireId: string, coproprieteId: string, which: 'paid' | 'unpaid') =>
  ownerLedgerRead(
    `bills_${which}`,
    coproprietaireId,
    coproprieteId,
    and(
      eq(ledgerLines.amount_type, 'debit'),
      isNotNull(ledgerLines.bill_id),
      which === 'paid' ? lte(ledgerLines.remaining_cents, 0) : gt(ledgerLines.remaining_cents, 0),
    ),
    [desc(ledgerLines.date), desc(ledgerLines.created_at), desc(ledgerLines.id)],
  );

export interface BillLine {
  amount: number;
  lot_id: string;
  lot_name: string;
  lot_type_name: string;
  repartition_id: string;
  repartition_name: string;
  repartition_code: string;
  charge_id: string | null;
  charge_name: string | null;
  charge_code: string | null;
}

/**
 * A bill's breakdown in ONE prepared statement: the bill (if it is of this
 * copropriété), which of the wanted lots the caller may see (their records' lots in this
 * copropriété, or the one record a preview grants), and the bill's lines for those lots. The
 * allowed lots are found once, in a lateral subquery both columns read (they were found twice,
 * each time through a hash join over the wanted list: 14–30 % more of PostgreSQL's time in
 * pgbench). No row: no such bill here. The service answers 404 unless every wanted lot is allowed.
 */
const billBreakdownQuery = (d: Db, user: SQL, record: SQL) => {
  // The wanted lots travel as one array parameter, not one parameter per lot.
  const allowed = d
    .select({
      lots: sql<string[]>`coalesce(array_agg(distinct ${coproprietaireLots.lot_id}), '{}')`.as('lots'),
    })
    .from(coproprietaireLots)
    .innerJoin(coproprietaires, eq(coproprietaires.id, coproprietaireLots.coproprietaire_id))
    .where(
      and(
        sql`${coproprietaires.copropriete_id} = "bills"."copropriete_id"`,
        sql`(${coproprietaires.user_id} = ${user} or ${coproprietaires.id} = ${record})`,
        sql`${coproprietaireLots.lot_id} = any(${sql.placeholder('lots')}::uuid[])`,
      ),
    )
    .as('allowed');
  return d
    .select({
      id: bills.id,
      name: bills.name,
      date: bills.date,
      bill_type: bills.bill_type,
      allowed: sql<string[]>`to_json(${allowed.lots})`,
      lines: sql<BillLine[]>`(select coalesce(json_agg(json_build_object(
          'amount', bl.amount_cents, 'lot_id', l.id, 'lot_name', l.name, 'lot_type_name', l.type_name,
          'repartition_id', r.id, 'repartition_name', r.name, 'repartition_code', r.code,
          'charge_id', ch.id, 'charge_name', ch.name, 'charge_code', ch.code)
          order by l.name, r.code, ch.code), '[]'::json)
        from ${billLotLines} bl
        join ${lots} l on l.id = bl.lot_id
        join ${repartitions} r on r.id = bl.repartition_id
        left join ${charges} ch on ch.id = bl.charge_id
        where bl.bill_id = "bills"."id" and bl.lot_id = any(${allowed.lots}))`,
    })
    .from(bills)
    .crossJoinLateral(allowed)
    .where(and(eq(bills.id, sql.placeholder('bill')), eq(bills.copropriete_id, sql.placeholder('copro'))));
};

/**
 * A bill's breakdown as a named read (run with the session): the bill (if it is of this
 * copropriété) with, as subqueries, which of the wanted lots the caller may see (the session
 * user's records' lots in this copropriété) and the bill's lines for those lots. Without the
 * session (a syndic preview), the same for the one record the preview grants.
 */
export function billBreakdownRead(
  coproprieteId: string,
  billId: string,
  lotIds: string[],
  previewRecord: string | null,
) {
  const values = { bill: billId, copro: coproprieteId, lots: lotIds };
  return {
    name: 'bill_breakdown',
    build: (d: Db) => billBreakdownQuery(d, sql`${sessions.user_id}`, sql`null::uuid`),
    values,
    sessionOnly: true as const,
    apart: {
      name: 'bill_breakdown_preview',
      build: (d: Db) => billBreakdownQuery(d, sql`null::uuid`, sql`${sql.placeholder('record')}::uuid`),
      values: { ...values, record: previewRecord },
    },
  };
}

/** The breakdown from its read: no row, no such bill here. */
export function billBreakdownOf(rows: RowsOf<ReturnType<typeof billBreakdownRead>>) {
  const [row] = rows;
  if (!row) return { bill: null, allowed: new Set<string>(), lines: [] as BillLine[] };
  const { allowed, lines, ...bill } = row;
  return { bill, allowed: new Set(allowed), lines };
}

/** One page of payment transactions, newest first, after the (date, id) cursor. */
export function paymentTransactionsRead(
  coproprietaireId: string,
  limit: number,
  after: { date: Date; id: string } | null,
) {
  const owner = eq(paymentTransactions.coproprietaire_id, record);
  const cursor = or(
    lt(paymentTransactions.date, sql`${sql.placeholder('date')}::timestamptz`),
    and(
      eq(paymentTransactions.date, sql`${sql.placeholder('date')}::timestamptz`),
      lt(paymentTransactions.id, sql`${sql.placeholder('id')}::uuid`),
    ),
  );
  return {
    name: after ? 'transactions_after' : 'transactions_first',
    build: (d: Db) =>
      d
        .select()
        .from(paymentTransactions)
        .where(after ? and(owner, cursor) : owner)
        .orderBy(desc(paymentTransactions.date), desc(paymentTransactions.id))
        .limit(sql.placeholder('limit')),
    values: {
      record: coproprietaireId,
      limit,
      ...(after ? { date: after.date.toISOString(), id: after.id } : {}),
    },
  };
}
