import { type CoproprietaireSummary, personDisplayName } from '@tantieme/contract';
import type { RowsOf } from '../../db/prepared.js';
import type { recordsOfSessionUserRead } from './coproprietaire.repo.js';

export interface SummaryExtra {
  ags: { assemblee_id: string; is_send_convocation: boolean }[];
  unread: number;
  lots: { id: string; lot_id: string; name: string; type_name: string }[];
}

/**
 * What a summary reads of a record, its copropriété and its syndic: the records list's own row
 * (`summaryColumns`), so the two cannot drift; a whole `OwnedRecord` satisfies it too.
 */
export type SummaryRow = Omit<
  RowsOf<ReturnType<typeof recordsOfSessionUserRead>>[number],
  keyof SummaryExtra
>;

export function presentSummary(row: SummaryRow, extra: SummaryExtra): CoproprietaireSummary {
  const c = row.coproprietaire;
  const p = row.copropriete;
  return {
    id: c.id,
    name: { fr: c.name },
    display_name: { fr: c.display_name },
    unique_code: c.unique_code,
    address: c.address ?? null,
    coproprietes: [
      {
        id: p.id,
        syndic_id: p.syndic_id,
        syndic_disable: row.syndic.disabled,
        name: p.name,
        address: { full_address: p.address.full_address ?? null },
        email: p.email,
        phone: p.phone,
      },
    ],
    is_member_syndicat: c.is_member_syndicat,
    is_president: c.is_president,
    copro_settings: p.settings ?? {},
    permissions: c.permissions ?? {},
    init_settings_done: c.init_settings_done,
    list_ag_available: extra.ags.map((a) => ({
      id: a.assemblee_id,
      is_send_convocation: a.is_send_convocation,
    })),
    total_notification: extra.unread,
    contacts: (c.contacts ?? []).map((k) => ({
      id: k.id,
      civility: k.civility ?? null,
      first_name: k.first_name ?? null,
      last_name: k.last_name ?? null,
      display_name: personDisplayName(k),
      company: k.company ?? null,
      addresses: (k.addresses ?? []).map((a) => ({
        full_address: a.full_address,
        additional_address: a.additional_address ?? null,
      })),
      emails: (k.emails ?? []).map((e) => ({ value: e.value })),
      phones: (k.phones ?? []).map((e) => ({ value: e.value })),
    })),
    members: (c.members ?? []).map((m) => ({
      civility: m.civility ?? null,
      first_name: m.first_name ?? null,
      last_name: m.last_name ?? null,
      display_name: personDisplayName(m),
    })),
    lots: extra.lots.map((l) => ({ id: l.id, lot_id: l.lot_id, name: l.name, type_name: l.type_name })),
    user_supplement_info: c.user_supplement_info ?? null,
  };
}
