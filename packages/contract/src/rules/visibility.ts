/**
 * SPEC §6 visibility rules, in one place for the menu, the pages and the server.
 * Roles come from the co-owner record: council member (is_member_syndicat), president.
 */
export interface RoleFlags {
  is_member_syndicat?: boolean;
  is_president?: boolean;
}

/** Menu scope rule: '1' everyone; '2' council member or president; '3' president; other: nobody. */
export function menuScopeAllows(scope: string | undefined | null, r: RoleFlags): boolean {
  switch (scope) {
    case '1':
      return true;
    case '2':
      return !!(r.is_member_syndicat || r.is_president);
    case '3':
      return !!r.is_president;
    default:
      return false;
  }
}

/**
 * Invoice list visibility (show_invoice_scope): absent → hidden; '4' → hidden; '2' council
 * member or president; '3' president; any other value → everyone.
 */
export function invoiceScopeAllows(scope: string | undefined | null, r: RoleFlags): boolean {
  if (scope === undefined || scope === null || scope === '' || scope === '4') return false;
  if (scope === '2') return !!(r.is_member_syndicat || r.is_president);
  if (scope === '3') return !!r.is_president;
  return true;
}

/** The IS_SYNDICAT permission of SPEC §2.1 (verification, carnet d'entretien, postals): council members. */
export const hasSyndicatPermission = (r: RoleFlags) => !!r.is_member_syndicat;

export interface MenuRecord extends RoleFlags {
  copro_settings: {
    show_invoice?: string;
    show_invoice_scope?: string;
    show_copro_document?: string;
    show_copro_document_scope?: string;
    show_syndic_document?: string;
    show_syndic_document_scope?: string;
    show_assemblee_function?: boolean;
  };
  list_ag_available: { is_send_convocation: boolean }[];
}

/** Which hidden-by-default dashboard entries a record shows (SPEC §2.2 + §6). */
export function menuVisibility(rec: MenuRecord) {
  const s = rec.copro_settings ?? {};
  const flagOn = (v: string | undefined) => v === undefined || v === '1';
  return {
    invoices: flagOn(s.show_invoice) && menuScopeAllows(s.show_invoice_scope, rec),
    coproDocuments: flagOn(s.show_copro_document) && menuScopeAllows(s.show_copro_document_scope, rec),
    syndicDocuments: flagOn(s.show_syndic_document) && menuScopeAllows(s.show_syndic_document_scope, rec),
    assemblee: s.show_assemblee_function === true && rec.list_ag_available.some((a) => a.is_send_convocation),
    carnetEntretien: hasSyndicatPermission(rec),
    postals: hasSyndicatPermission(rec),
    verification: hasSyndicatPermission(rec),
  };
}
