import { and, asc, desc, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import type { Db, Executor, Tx } from '../../db/client.js';
import {
  chargeInvoices,
  charges,
  coproprietaireLots,
  coproprietes,
  ecritureLotAmounts,
  ecritures,
  financialYears,
  invoiceDepenses,
  lots,
  repartitions,
  supplierInvoices,
} from '../../db/schema/index.js';

/** A page of a copropriété's supplier invoices, as a named read (run with the session). */
export function invoicesPageRead(coproprieteId: string, limit: number, offset: number) {
  return {
    name: 'invoices_page',
    build: (db: Db) =>
      db
        .select()
        .from(supplierInvoices)
        .where(eq(supplierInvoices.copropriete_id, sql.placeholder('copro')))
        .orderBy(desc(supplierInvoices.invoice_date), desc(supplierInvoices.number), asc(supplierInvoices.id))
        .limit(sql.placeholder('limit'))
        .offset(sql.placeholder('offset')),
    values: { copro: coproprieteId, limit, offset },
  };
}

export async function findInvoice(db: Db, id: string) {
  const [row] = await db
    .select({ invoice: supplierInvoices, copr_name: coproprietes.name })
    .from(supplierInvoices)
    .innerJoin(coproprietes, eq(coproprietes.id, supplierInvoices.copropriete_id))
    .where(eq(supplierInvoices.id, id))
    .limit(1);
  return row;
}

export function listDepenses(db: Db, invoiceId: string) {
  return db
    .select()
    .from(invoiceDepenses)
    .where(eq(invoiceDepenses.invoice_id, invoiceId))
    .orderBy(asc(invoiceDepenses.charge_name), asc(invoiceDepenses.id));
}

export function listEcritures(db: Db, invoiceId: string) {
  return db
    .select()
    .from(ecritures)
    .where(eq(ecritures.invoice_id, invoiceId))
    .orderBy(asc(ecritures.date), asc(ecritures.id));
}

/**
 * Per-lot totals of some écritures, restricted to écritures of invoices of this copropriété and
 * to lots the record holds: nobody reads another owner's share.
 */
export function lotShares(
  db: Db,
  coproprieteId: string,
  coproprietaireId: string,
  ecritureIds: string[],
  lotIds: string[],
) {
  return db
    .select({
      lot_id: ecritureLotAmounts.lot_id,
      lot_name: lots.name,
      amount: sql<number>`sum(${ecritureLotAmounts.amount_cents})::int`,
    })
    .from(ecritureLotAmounts)
    .innerJoin(ecritures, eq(ecritures.id, ecritureLotAmounts.ecriture_id))
    .innerJoin(supplierInvoices, eq(supplierInvoices.id, ecritures.invoice_id))
    .innerJoin(lots, eq(lots.id, ecritureLotAmounts.lot_id))
    .innerJoin(
      coproprietaireLots,
      and(
        eq(coproprietaireLots.lot_id, ecritureLotAmounts.lot_id),
        eq(coproprietaireLots.coproprietaire_id, coproprietaireId),
      ),
    )
    .where(
      and(
        eq(supplierInvoices.copropriete_id, coproprieteId),
        inArray(ecritureLotAmounts.ecriture_id, ecritureIds),
        ...(lotIds.length ? [inArray(ecritureLotAmounts.lot_id, lotIds)] : []),
      ),
    )
    .groupBy(ecritureLotAmounts.lot_id, lots.name)
    .orderBy(asc(lots.name));
}

// ── written by the syndic (its API) ─────────────────────────────────────────────

export function lotsByIds(db: Executor, ids: string[]) {
  if (!ids.length) return Promise.resolve([]);
  return db
    .select({ id: lots.id, copropriete_id: lots.copropriete_id })
    .from(lots)
    .where(inArray(lots.id, ids));
}

export function repartitionsByIds(db: Executor, ids: string[]) {
  if (!ids.length) return Promise.resolve([]);
  return db
    .select({ id: repartitions.id, name: repartitions.name, copropriete_id: repartitions.copropriete_id })
    .from(repartitions)
    .where(inArray(repartitions.id, ids));
}

export function invoicesByIds(db: Executor, syndicId: string, ids: string[]) {
  if (!ids.length) return Promise.resolve([]);
  return db
    .select()
    .from(supplierInvoices)
    .where(and(inArray(supplierInvoices.id, ids), eq(supplierInvoices.syndic_id, syndicId)));
}

export function depensesOf(db: Executor, invoiceIds: string[]) {
  if (!invoiceIds.length) return Promise.resolve([]);
  return db.select().from(invoiceDepenses).where(inArray(invoiceDepenses.invoice_id, invoiceIds));
}

export function ecrituresOf(db: Executor, invoiceIds: string[]) {
  if (!invoiceIds.length) return Promise.resolve([]);
  return db.select().from(ecritures).where(inArray(ecritures.invoice_id, invoiceIds));
}

export function lotAmountsOf(db: Executor, ecritureIds: string[]) {
  if (!ecritureIds.length) return Promise.resolve([]);
  return db.select().from(ecritureLotAmounts).where(inArray(ecritureLotAmounts.ecriture_id, ecritureIds));
}

export async function upsertInvoiceRow(
  tx: Tx,
  id: string,
  row: Omit<typeof supplierInvoices.$inferInsert, 'id'>,
  exists: boolean,
) {
  if (exists) {
    await tx.update(supplierInvoices).set(row).where(eq(supplierInvoices.id, id));
    await tx.delete(invoiceDepenses).where(eq(invoiceDepenses.invoice_id, id));
    await tx.delete(ecritures).where(eq(ecritures.invoice_id, id));
  } else await tx.insert(supplierInvoices).values({ id, ...row });
}

export async function insertDepenses(tx: Tx, rows: (typeof invoiceDepenses.$inferInsert)[]) {
  if (rows.length) await tx.insert(invoiceDepenses).values(rows);
}

export async function insertEcriture(
  tx: Tx,
  row: typeof ecritures.$inferInsert,
  lotRows: { lot_id: string; amount_cents: number }[],
) {
  const [e] = await tx.insert(ecritures).values(row).returning({ id: ecritures.id });
  if (lotRows.length)
    await tx.insert(ecritureLotAmounts).values(lotRows.map((l) => ({ ecriture_id: e.id, ...l })));
}

/** Deletes the invoice; answers the storage keys its sources named. */
export async function deleteInvoice(tx: Tx, id: string) {
  await tx.delete(chargeInvoices).where(eq(chargeInvoices.supplier_invoice_id, id));
  const rows = await tx
    .delete(supplierInvoices)
    .where(eq(supplierInvoices.id, id))
    .returning({ source_urls: supplierInvoices.source_urls });
  return rows.flatMap((r) => r.source_urls.map((u) => u.path));
}

/** The storage keys an invoice's sources name. */
export async function sourceKeysOf(db: Executor, id: string) {
  const [row] = await db
    .select({ source_urls: supplierInvoices.source_urls })
    .from(supplierInvoices)
    .where(eq(supplierInvoices.id, id));
  return row?.source_urls.map((u) => u.path) ?? [];
}

export function chargesByIds(db: Executor, ids: string[]) {
  if (!ids.length) return Promise.resolve([]);
  return db
    .select({ id: charges.id, copropriete_id: charges.copropriete_id })
    .from(charges)
    .where(inArray(charges.id, ids));
}

/** The building's exercice whose dates cover the day, if any. */
export async function exerciceCovering(db: Executor, coproprieteId: string, day: string) {
  const [y] = await db
    .select({ id: financialYears.id })
    .from(financialYears)
    .where(
      and(
        eq(financialYears.copropriete_id, coproprieteId),
        lte(financialYears.start_date, day),
        gte(financialYears.end_date, day),
      ),
    )
    .limit(1);
  return y?.id ?? null;
}

/** The invoice's spending booked to charges, written again from its dépenses. */
export async function replaceChargeSpending(
  tx: Tx,
  invoiceId: string,
  rows: (typeof chargeInvoices.$inferInsert)[],
) {
  await tx.delete(chargeInvoices).where(eq(chargeInvoices.supplier_invoice_id, invoiceId));
  if (rows.length) await tx.insert(chargeInvoices).values(rows);
}
