import { INVOICE_PAID_STATUSES } from '../constants.js';
import { hasSyndicatPermission, invoiceScopeAllows, menuScopeAllows, type RoleFlags } from './visibility.js';

/**
 * SPEC §6 scope rules for what a co-owner record may read among documents, supplier invoices
 * and communications. The server applies them to every list, detail and file URL; the menu
 * and the pages read the same functions.
 */
export interface ScopeSettings {
  show_invoice?: string;
  show_invoice_scope?: string;
  show_invoice_status?: string;
  show_invoice_status_scope?: string;
  show_copro_document?: string;
  show_copro_document_scope?: string;
  show_syndic_document?: string;
  show_syndic_document_scope?: string;
  show_releves_bancaires?: string;
  show_releves_bancaires_scope?: string;
}

export interface RecordPermissions {
  view_invoices?: boolean;
  view_invoice_status?: boolean;
  view_copro_documents?: boolean;
  view_releves_bancaires?: boolean;
  view_syndic_documents?: boolean;
}

export interface ScopedRecord extends RoleFlags {
  copro_settings: ScopeSettings | null | undefined;
  permissions?: RecordPermissions | null;
}

/** A `show_*` flag, when present, must be '1' (decision 8). */
const flagOn = (v: string | undefined) => v === undefined || v === '1';
/** A permission of the record, when present, must be true. */
const allowed = (v: boolean | undefined) => v !== false;

/** 'Factures et Devis': show_invoice + show_invoice_scope (the invoice rule of §6). */
export function canSeeInvoices(r: ScopedRecord): boolean {
  const s = r.copro_settings ?? {};
  return flagOn(s.show_invoice) && invoiceScopeAllows(s.show_invoice_scope, r);
}

/** The invoice's source document (view_invoices: 'invoice attachments visible'). */
export const canSeeInvoiceFiles = (r: ScopedRecord) =>
  canSeeInvoices(r) && allowed(r.permissions?.view_invoices);

/** Whether the invoice status (and so the 'Payé' badge) may be shown to this record. */
export function canSeeInvoiceStatus(r: ScopedRecord): boolean {
  const s = r.copro_settings ?? {};
  return (
    flagOn(s.show_invoice_status) &&
    invoiceScopeAllows(s.show_invoice_status_scope, r) &&
    allowed(r.permissions?.view_invoice_status)
  );
}

export const isPaidStatus = (status: number | null | undefined) =>
  status != null && (INVOICE_PAID_STATUSES as readonly number[]).includes(status);

/** 'Payé' badge: status scope allows it, and the status is 5, 6 or 7. */
export const paidBadge = (r: ScopedRecord, status: number | null | undefined) =>
  canSeeInvoiceStatus(r) && isPaidStatus(status);

/** 'Ceux de la copropriétés'. */
export function canSeeCoproDocuments(r: ScopedRecord): boolean {
  const s = r.copro_settings ?? {};
  return (
    flagOn(s.show_copro_document) &&
    menuScopeAllows(s.show_copro_document_scope, r) &&
    allowed(r.permissions?.view_copro_documents)
  );
}

/** 'Ceux du syndic'. */
export function canSeeSyndicDocuments(r: ScopedRecord): boolean {
  const s = r.copro_settings ?? {};
  return (
    flagOn(s.show_syndic_document) &&
    menuScopeAllows(s.show_syndic_document_scope, r) &&
    allowed(r.permissions?.view_syndic_documents)
  );
}

/** Bank statements, inside the copropriété's documents. */
export function canSeeBankStatements(r: ScopedRecord): boolean {
  const s = r.copro_settings ?? {};
  return (
    canSeeCoproDocuments(r) &&
    flagOn(s.show_releves_bancaires) &&
    menuScopeAllows(s.show_releves_bancaires_scope ?? '1', r) &&
    allowed(r.permissions?.view_releves_bancaires)
  );
}

/**
 * A building's shelf kept for its conseil syndical (décret 2019-502 art. 3: the syndicate's
 * accounts, the list of co-owners…): its members and president, where they read the building's
 * documents at all.
 */
export const canSeeCouncilDocuments = (r: ScopedRecord) =>
  canSeeCoproDocuments(r) && hasSyndicatPermission(r);

/** 'Communication' (postal letters): the IS_SYNDICAT permission (decision 7). */
export const canSeePostals = (r: RoleFlags) => hasSyndicatPermission(r);

/** SPEC §2.18 type labels of a communication, by module. */
export function communicationTypeLabel(module: string): string {
  switch (module) {
    case 'adf':
    case 'global_adf':
      return 'Adf';
    case 'relance':
      return 'Relance';
    case 'proces_verbal':
      return 'Procès-verbal';
    case 'convocation':
      return 'Convocation';
    case 'invitation':
      return 'Invitation extranet';
    case 'avis':
      return 'Avis';
    default:
      return 'Courrier';
  }
}

/** SPEC §9 image viewer: zoom step 0.2 within 0.5–3, rounded to avoid float drift. */
export function nextZoom(current: number, direction: 1 | -1, z = { step: 0.2, min: 0.5, max: 3 }): number {
  const v = Math.round((current + direction * z.step) * 10) / 10;
  return Math.min(z.max, Math.max(z.min, v));
}

/** French month name for bank statements by month. */
export const MONTHS_FR = [
  'Janvier',
  'Février',
  'Mars',
  'Avril',
  'Mai',
  'Juin',
  'Juillet',
  'Août',
  'Septembre',
  'Octobre',
  'Novembre',
  'Décembre',
] as const;
