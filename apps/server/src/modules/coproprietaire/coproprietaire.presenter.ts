import type { CoproprietaireSummary } from '@tantieme/contract';
import type { OwnedRecord } from '../access/access.service.js';

export function presentSummary(
  row: OwnedRecord,
  extra: { ags: { assemblee_id: string; is_send_convocation: boolean }[]; unread: number },
): CoproprietaireSummary {
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
  };
}
