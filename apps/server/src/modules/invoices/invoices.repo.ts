import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import {
  coproprietaireLots,
  coproprietes,
  ecritureLotAmounts,
  ecritures,
  invoiceDepenses,
  lots,
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
