import type * as s from '../../src/db/schema/index.js';
import { type Given, newRowId, type RowOf, uid } from './kit.js';

/** Stored files and what shows them: documents and their groups, letters, supplier invoices. */

export type FileRow = RowOf<typeof s.files>;
export type DocumentTypeRow = RowOf<typeof s.documentTypes>;
export type DocumentGroupRow = RowOf<typeof s.documentGroups>;
export type DocumentRow = RowOf<typeof s.documents>;
export type CommunicationRow = RowOf<typeof s.communications>;
export type CommunicationAttachmentRow = RowOf<typeof s.communicationAttachments>;
export type SupplierInvoiceRow = RowOf<typeof s.supplierInvoices>;
export type InvoiceDepenseRow = RowOf<typeof s.invoiceDepenses>;
export type EcritureRow = RowOf<typeof s.ecritures>;
export type EcritureLotAmountRow = RowOf<typeof s.ecritureLotAmounts>;

/** The `files` row of what the caller put in storage under `storage_key`. */
export const fileRow = (v: Given<FileRow, 'storage_key' | 'size'>): FileRow => ({
  id: newRowId(),
  name: 'document.pdf',
  content_type: 'application/pdf',
  ...v,
});

export const documentTypeRow = (v: Given<DocumentTypeRow, 'code' | 'name'>): DocumentTypeRow => ({
  id: newRowId(),
  ...v,
});

/** A group of the building's documents unless told (`scope: 'syndic'` with `syndic_id`). */
export const documentGroupRow = (v: Partial<DocumentGroupRow>): DocumentGroupRow => ({
  id: newRowId(),
  scope: 'copropriete',
  name: `Dossier ${uid()}`,
  ...v,
});

export const documentRow = (v: Given<DocumentRow, 'file_id'>): DocumentRow => ({
  id: newRowId(),
  name: 'Document',
  date: '2026-01-15',
  ...v,
});

/** A letter of the syndic to a co-owner, sent by e-mail unless told. */
export const communicationRow = (
  v: Given<CommunicationRow, 'syndic_id' | 'coproprietaire_id'>,
): CommunicationRow => ({ id: newRowId(), sending_method: 'email', module: 'courrier', ...v });

export const communicationAttachmentRow = (
  v: Given<CommunicationAttachmentRow, 'communication_id' | 'file_id'>,
): CommunicationAttachmentRow => ({ id: newRowId(), name: 'piece-jointe.pdf', ...v });

export const supplierInvoiceRow = (
  v: Given<SupplierInvoiceRow, 'syndic_id' | 'copropriete_id' | 'amount_cents'>,
): SupplierInvoiceRow => ({
  id: newRowId(),
  invoice_date: '2026-03-15',
  fournisseur_name: 'Fournisseur',
  ...v,
});

export const invoiceDepenseRow = (
  v: Given<InvoiceDepenseRow, 'invoice_id' | 'amount_ttc_cents'>,
): InvoiceDepenseRow => ({ id: newRowId(), charge_name: 'Entretien courant', ...v });

export const ecritureRow = (v: Given<EcritureRow, 'invoice_id' | 'amount_cents'>): EcritureRow => ({
  id: newRowId(),
  date: '2026-03-15',
  description: 'Facture',
  ...v,
});

export const ecritureLotAmountRow = (
  v: Given<EcritureLotAmountRow, 'ecriture_id' | 'lot_id' | 'amount_cents'>,
): EcritureLotAmountRow => ({ id: newRowId(), ...v });
