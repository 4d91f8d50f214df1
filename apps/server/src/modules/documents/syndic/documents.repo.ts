import { and, eq, gte, inArray, lte } from 'drizzle-orm';
import {
  chargeInvoices,
  charges,
  communicationAttachments,
  communications,
  coproprietaires,
  coproprietes,
  documentGroups,
  documents,
  documentTypes,
  ecritureLotAmounts,
  ecritures,
  files,
  financialYears,
  invoiceDepenses,
  lots,
  repartitions,
  supplierInvoices,
  syndics,
} from '../../../db/schema/index.js';
import type { Executor, Tx } from '../../syndic-api/kit/index.js';

/** Resource names in `syndic_external_refs` and the audit log. */
export const RES = {
  group: 'document_group',
  document: 'document',
  invoice: 'supplier_invoice',
  communication: 'communication',
  copropriete: 'copropriete',
  coproprietaire: 'coproprietaire',
  lot: 'lot',
  repartition: 'repartition',
  charge: 'charge',
} as const;

// ── groups ──────────────────────────────────────────────────────────────────────

export function groupsByIds(db: Executor, syndicId: string, ids: string[]) {
  if (!ids.length) return Promise.resolve([]);
  return db
    .select()
    .from(documentGroups)
    .where(and(inArray(documentGroups.id, ids), eq(documentGroups.syndic_id, syndicId)));
}

export async function insertGroup(tx: Tx, row: typeof documentGroups.$inferInsert) {
  await tx.insert(documentGroups).values(row);
}

export async function updateGroup(tx: Tx, id: string, set: Partial<typeof documentGroups.$inferInsert>) {
  await tx.update(documentGroups).set(set).where(eq(documentGroups.id, id));
}

export async function groupHasDocuments(db: Executor, id: string) {
  const [row] = await db
    .select({ id: documents.id })
    .from(documents)
    .where(eq(documents.group_id, id))
    .limit(1);
  return !!row;
}

export async function deleteGroup(tx: Tx, id: string) {
  await tx.delete(documentGroups).where(eq(documentGroups.id, id));
}

/**
 * The copropriété's bank statement or assembly group, created on first use (they hold the
 * documents of every month / year; SPEC §3 BANK_STATEMENT and AG groups).
 */
export async function ensureKindGroup(
  tx: Tx,
  syndicId: string,
  coproprieteId: string,
  kind: 'AG' | 'BANK_STATEMENT',
) {
  const [found] = await tx
    .select({ id: documentGroups.id })
    .from(documentGroups)
    .where(
      and(
        eq(documentGroups.scope, 'copropriete'),
        eq(documentGroups.copropriete_id, coproprieteId),
        eq(documentGroups.kind, kind),
      ),
    )
    .limit(1);
  if (found) return found.id;
  const [row] = await tx
    .insert(documentGroups)
    .values({
      scope: 'copropriete',
      copropriete_id: coproprieteId,
      syndic_id: syndicId,
      kind,
      name: kind === 'AG' ? 'Assemblées générales' : 'Relevés bancaires',
      sort: 900,
    })
    .returning({ id: documentGroups.id });
  return row.id;
}

// ── documents ───────────────────────────────────────────────────────────────────

export async function documentTypeCodes(db: Executor) {
  return new Set((await db.select({ code: documentTypes.code }).from(documentTypes)).map((r) => r.code));
}

export function documentsByIds(db: Executor, ids: string[]) {
  if (!ids.length) return Promise.resolve([]);
  return db
    .select({
      doc: documents,
      group_kind: documentGroups.kind,
      group_copro: documentGroups.copropriete_id,
      file_name: files.name,
      content_type: files.content_type,
      size: files.size,
      storage_key: files.storage_key,
    })
    .from(documents)
    .innerJoin(files, eq(files.id, documents.file_id))
    .leftJoin(documentGroups, eq(documentGroups.id, documents.group_id))
    .where(inArray(documents.id, ids));
}

export async function insertDocument(tx: Tx, row: typeof documents.$inferInsert) {
  await tx.insert(documents).values(row);
}

export async function updateDocument(tx: Tx, id: string, set: Partial<typeof documents.$inferInsert>) {
  await tx.update(documents).set(set).where(eq(documents.id, id));
}

export async function deleteDocument(tx: Tx, id: string) {
  const [row] = await tx
    .delete(documents)
    .where(eq(documents.id, id))
    .returning({ file_id: documents.file_id });
  return row?.file_id ?? null;
}

// ── records, lots, répartitions of a building ───────────────────────────────────

export function recordsByIds(db: Executor, ids: string[]) {
  if (!ids.length) return Promise.resolve([]);
  return db
    .select({ id: coproprietaires.id, copropriete_id: coproprietaires.copropriete_id })
    .from(coproprietaires)
    .where(inArray(coproprietaires.id, ids));
}

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

// ── invoices ────────────────────────────────────────────────────────────────────

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

export async function deleteInvoice(tx: Tx, id: string) {
  await tx.delete(chargeInvoices).where(eq(chargeInvoices.supplier_invoice_id, id));
  await tx.delete(supplierInvoices).where(eq(supplierInvoices.id, id));
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

// ── communications ──────────────────────────────────────────────────────────────

export function communicationsByIds(db: Executor, syndicId: string, ids: string[]) {
  if (!ids.length) return Promise.resolve([]);
  return db
    .select()
    .from(communications)
    .where(and(inArray(communications.id, ids), eq(communications.syndic_id, syndicId)));
}

export function attachmentsOf(db: Executor, communicationIds: string[]) {
  if (!communicationIds.length) return Promise.resolve([]);
  return db
    .select({
      id: communicationAttachments.id,
      communication_id: communicationAttachments.communication_id,
      file_id: files.id,
      name: communicationAttachments.name,
      content_type: files.content_type,
      size: files.size,
      storage_key: files.storage_key,
    })
    .from(communicationAttachments)
    .innerJoin(files, eq(files.id, communicationAttachments.file_id))
    .where(inArray(communicationAttachments.communication_id, communicationIds));
}

export async function upsertCommunicationRow(
  tx: Tx,
  id: string,
  row: Omit<typeof communications.$inferInsert, 'id'>,
  exists: boolean,
) {
  if (exists) await tx.update(communications).set(row).where(eq(communications.id, id));
  else await tx.insert(communications).values({ id, ...row });
}

export async function replaceAttachments(
  tx: Tx,
  communicationId: string,
  rows: { file_id: string; name: string }[],
) {
  await tx
    .delete(communicationAttachments)
    .where(eq(communicationAttachments.communication_id, communicationId));
  if (rows.length)
    await tx
      .insert(communicationAttachments)
      .values(rows.map((r) => ({ communication_id: communicationId, ...r })));
}

export async function deleteCommunication(tx: Tx, id: string) {
  await tx.delete(communications).where(eq(communications.id, id));
}

// ── who is told (decision 57) ───────────────────────────────────────────────────

/** Every record of a copropriété (or of all the syndic's), with the inputs of the §6 scope rules. */
export function recordsWithScope(
  db: Executor,
  where: { coproprieteId: string } | { syndicId: string } | { coproprietaireId: string },
) {
  return db
    .select({
      id: coproprietaires.id,
      is_member_syndicat: coproprietaires.is_member_syndicat,
      is_president: coproprietaires.is_president,
      permissions: coproprietaires.permissions,
      copro_settings: coproprietes.settings,
    })
    .from(coproprietaires)
    .innerJoin(coproprietes, eq(coproprietes.id, coproprietaires.copropriete_id))
    .where(
      'coproprietaireId' in where
        ? eq(coproprietaires.id, where.coproprietaireId)
        : 'coproprieteId' in where
          ? eq(coproprietaires.copropriete_id, where.coproprieteId)
          : eq(coproprietes.syndic_id, where.syndicId),
    );
}

export async function syndicName(db: Executor, syndicId: string) {
  const [row] = await db.select({ name: syndics.name }).from(syndics).where(eq(syndics.id, syndicId));
  return row?.name ?? null;
}
