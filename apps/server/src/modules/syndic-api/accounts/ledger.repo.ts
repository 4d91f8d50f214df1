import type { LedgerLineBody, LedgerLineResource } from '@tantieme/contract';
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import { insertRows, updateRows } from '../../../db/bulk.js';
import { coproprietes, ledgerLines, paymentTransactions } from '../../../db/schema/index.js';
import { uuid7 } from '../../../lib/uuid7.js';
import * as lettrage from '../../payments/lettrage.service.js';
import { anyOf, type Executor, type Tx } from '../kit/index.js';
import { A, coproOf, exts, ids, need } from './accounts.repo.js';

/** A ledger line as the syndic API shows it (the body plus its lettrage). */
export type LedgerLineView = Omit<LedgerLineResource, 'id' | 'external_id'>;

export async function loadLedgerLines(db: Executor, syndicId: string, lineIds: string[]) {
  const rows = await db
    .select({ l: ledgerLines, method: paymentTransactions.payment_method })
    .from(ledgerLines)
    .innerJoin(coproprietes, eq(coproprietes.id, ledgerLines.copropriete_id))
    .leftJoin(paymentTransactions, eq(paymentTransactions.id, ledgerLines.payment_transaction_id))
    .where(and(eq(coproprietes.syndic_id, syndicId), anyOf(ledgerLines.id, lineIds)));
  const product = (l: (typeof rows)[number]['l']) => l.office_remaining_cents === null;
  // A product payment's own line lists what it settled; any other line, what settled it.
  const cardLines = rows.filter(
    (r) => product(r.l) && r.l.amount_type === 'credit' && r.l.payment_transaction_id,
  );
  const [owners, billExt, byLine, byPayment] = await Promise.all([
    exts(
      db,
      syndicId,
      A.coproprietaire,
      rows.map((r) => r.l.coproprietaire_id),
    ),
    exts(
      db,
      syndicId,
      A.bill,
      rows.map((r) => r.l.bill_id),
    ),
    lettrage.allocationsOf(db, { lines: rows.map((r) => r.l.id) }),
    lettrage.allocationsOf(db, { payments: cardLines.map((r) => r.l.payment_transaction_id as string) }),
  ]);
  const lineExt = await lettrage.lineExternalIds(db, syndicId, [
    ...byLine.map((a) => a.line_id),
    ...byPayment.map((a) => a.line_id),
  ]);
  const present = (a: (typeof byLine)[number]) => ({
    payment_id: a.payment_id,
    ledger_line: lineExt.get(a.line_id) ?? null,
    amount_cents: a.amount_cents,
    acknowledged: a.acknowledged_at !== null,
  });
  return new Map(
    rows.map(({ l, method }): [string, LedgerLineView] => {
      const own = product(l) && l.amount_type === 'credit' && l.payment_transaction_id;
      const allocations = own
        ? byPayment.filter((a) => a.payment_id === l.payment_transaction_id)
        : byLine.filter((a) => a.line_id === l.id);
      return [
        l.id,
        {
          coproprietaire: owners.get(l.coproprietaire_id) ?? '',
          date: l.date,
          name: l.name,
          amount_type: l.amount_type as 'debit' | 'credit',
          amount_cents: l.amount_cents,
          remaining_cents: l.office_remaining_cents ?? l.remaining_cents,
          bill: l.bill_id ? (billExt.get(l.bill_id) ?? null) : null,
          bill_type: l.bill_type as LedgerLineBody['bill_type'],
          payment_method: product(l) ? null : ((method as LedgerLineBody['payment_method']) ?? null),
          payment_id: l.books_payment_id ?? (product(l) ? l.payment_transaction_id : null),
          origin: product(l) ? 'product' : 'back_office',
          shown_remaining_cents: l.remaining_cents,
          allocations: allocations.map(present),
        },
      ];
    }),
  );
}

/** external id → { id, copropriete_id } of the syndic's co-owners. */
export async function ownersByExt(db: Executor, syndicId: string, owners: string[]) {
  const m = await ids(db, syndicId, A.coproprietaire, owners);
  const copro = await coproOf(db, 'coproprietaires', [...m.values()]);
  return new Map([...m].map(([e, id]) => [e, { id, coproprieteId: copro.get(id) ?? '' }]));
}

/** Product payments (through a payment request) among `paymentIds`: id → co-owner id. */
export async function productPaymentOwners(db: Executor, paymentIds: string[]) {
  if (paymentIds.length === 0) return new Map<string, string>();
  const rows = await db
    .select({ id: paymentTransactions.id, owner: paymentTransactions.coproprietaire_id })
    .from(paymentTransactions)
    .where(
      and(
        anyOf(paymentTransactions.id, [...new Set(paymentIds)]),
        isNotNull(paymentTransactions.payment_request_id),
      ),
    );
  return new Map(rows.map((r) => [r.id, r.owner]));
}

const paymentRow = (ownerId: string, d: LedgerLineBody) => ({
  coproprietaire_id: ownerId,
  amount_cents: d.amount_cents,
  fee_cents: 0,
  net_cents: d.amount_cents,
  date: new Date(`${d.date}T12:00:00Z`),
  payment_method: d.payment_method ?? 'other',
  description: d.name,
});

export async function insertLedgerLines(
  db: Tx,
  syndicId: string,
  rows: { id: string; data: LedgerLineBody }[],
) {
  const owners = await ownersByExt(
    db,
    syndicId,
    rows.map((r) => r.data.coproprietaire),
  );
  const billIds = await ids(
    db,
    syndicId,
    A.bill,
    rows.map((r) => r.data.bill),
  );
  const withPayment = rows.filter((r) => r.data.payment_method !== null);
  const txIds = new Map<string, string>();
  if (withPayment.length) {
    // Ids chosen here, so each line is linked to its own transaction whatever the RETURNING order.
    for (const r of withPayment) txIds.set(r.id, uuid7());
    await insertRows(
      db,
      paymentTransactions,
      withPayment.map((r) => ({
        ...paymentRow(owners.get(r.data.coproprietaire)?.id ?? '', r.data),
        id: txIds.get(r.id),
      })),
    );
  }
  await insertRows(
    db,
    ledgerLines,
    rows.map(({ id, data }) => {
      const owner = owners.get(data.coproprietaire);
      if (!owner) throw new Error(`unresolved co-owner ${data.coproprietaire}`);
      // A new line has no product payment allocated yet: it shows the back office's figure.
      const office = data.remaining_cents ?? data.amount_cents;
      return {
        id,
        coproprietaire_id: owner.id,
        copropriete_id: owner.coproprieteId,
        bill_id: data.bill ? need(billIds, data.bill) : null,
        payment_transaction_id: txIds.get(id) ?? null,
        name: data.name,
        date: data.date,
        amount_cents: data.amount_cents,
        remaining_cents: office,
        office_remaining_cents: office,
        books_payment_id: data.payment_id,
        amount_type: data.amount_type,
        bill_type: data.bill_type,
      };
    }),
  );
  // A credit booking a product payment shows only what it holds beyond it (rules/lettrage.ts).
  const bookings = rows.filter((r) => r.data.payment_id && r.data.amount_type === 'credit');
  if (bookings.length)
    await lettrage.recomputeLines(
      db,
      bookings.map((r) => r.id),
    );
}

/**
 * Stores the back office's figures, set-based (one statement per table for the whole chunk);
 * what the co-owner sees then follows the lettrage rule. A line keeps its co-owner (checked
 * before), so its payment transaction is updated, created or removed along its payment method.
 */
export async function updateLedgerLines(
  tx: Tx,
  syndicId: string,
  rows: { id: string; data: LedgerLineBody }[],
) {
  if (rows.length === 0) return;
  const lineIds = rows.map((r) => r.id);
  const current = new Map(
    (
      await tx
        .select({
          id: ledgerLines.id,
          owner: ledgerLines.coproprietaire_id,
          txId: ledgerLines.payment_transaction_id,
        })
        .from(ledgerLines)
        .where(sql`${ledgerLines.id} = any(${sql.param(lineIds)}::uuid[])`)
    ).map((l) => [l.id, l]),
  );
  const billIds = await ids(
    tx,
    syndicId,
    A.bill,
    rows.map((r) => r.data.bill),
  );
  const txOf = new Map<string, string | null>();
  const txUpdates: (ReturnType<typeof paymentRow> & { id: string })[] = [];
  const txInserts: (ReturnType<typeof paymentRow> & { id: string })[] = [];
  const txGone: string[] = [];
  for (const { id, data } of rows) {
    const line = current.get(id);
    if (!line) throw new Error(`ledger line ${id} vanished`);
    if (data.payment_method === null) {
      if (line.txId) txGone.push(line.txId);
      txOf.set(id, null);
    } else if (line.txId) {
      txUpdates.push({ ...paymentRow(line.owner, data), id: line.txId });
      txOf.set(id, line.txId);
    } else {
      const txId = uuid7();
      txInserts.push({ ...paymentRow(line.owner, data), id: txId });
      txOf.set(id, txId);
    }
  }
  if (txUpdates.length) await updateRows(tx, paymentTransactions, txUpdates);
  if (txInserts.length) await insertRows(tx, paymentTransactions, txInserts);
  await updateRows(
    tx,
    ledgerLines,
    rows.map(({ id, data: d }) => {
      const office = d.remaining_cents ?? d.amount_cents;
      return {
        id,
        bill_id: d.bill ? need(billIds, d.bill) : null,
        payment_transaction_id: txOf.get(id) ?? null,
        name: d.name,
        date: d.date,
        amount_cents: d.amount_cents,
        remaining_cents: office,
        office_remaining_cents: office,
        books_payment_id: d.payment_id,
        amount_type: d.amount_type,
        bill_type: d.bill_type,
      };
    }),
  );
  await lettrage.recomputeLines(tx, lineIds);
  if (txGone.length)
    await tx
      .delete(paymentTransactions)
      .where(sql`${paymentTransactions.id} = any(${sql.param(txGone)}::uuid[])`);
}

/** Lines of a co-owner the product created (card payments through a payment request). */
export async function countProductLines(db: Executor, coproprietaireId: string) {
  const [r] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(ledgerLines)
    .innerJoin(paymentTransactions, eq(paymentTransactions.id, ledgerLines.payment_transaction_id))
    .where(
      and(
        eq(ledgerLines.coproprietaire_id, coproprietaireId),
        isNotNull(paymentTransactions.payment_request_id),
      ),
    );
  return r.n;
}
