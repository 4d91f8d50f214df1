import { type Administrator, type Lot, lotTypeName, type SyndicProfile } from '@tantieme/contract';
import type { administrators, lots, syndicContacts, syndics } from '../../db/schema/index.js';

/** Product branding shown for syndics using the default (SPEC §1). */
export const PRODUCT_LOGO = '/logo-tantieme.svg';

export function presentLot(row: typeof lots.$inferSelect): Lot {
  return {
    id: row.id,
    lot_id: row.lot_id,
    name: row.name,
    type_name: lotTypeName(row.type_name),
    agency_info: row.agency_info ?? null,
    locataire: row.locataire ?? null,
  };
}

export function presentSyndic(
  syndic: typeof syndics.$inferSelect,
  contacts: (typeof syndicContacts.$inferSelect)[],
  logo: string | null,
): SyndicProfile {
  return {
    name: syndic.name,
    logo,
    use_synple: syndic.use_synple,
    address: {
      street1: syndic.address?.street1 ?? null,
      zip_code: syndic.address?.zip_code ?? null,
      city: syndic.address?.city ?? null,
    },
    email: syndic.email,
    phone: syndic.phone,
    contacts: contacts.map((c) => ({
      first_name: c.first_name,
      last_name: c.last_name,
      email: c.email,
      tel_fixed: c.tel_fixed,
      tel_mobile: c.tel_mobile,
    })),
  };
}

export function presentAdministrator(a: typeof administrators.$inferSelect): Administrator {
  const display = a.display_name.trim() || `${a.first_name} ${a.last_name}`.trim();
  return {
    id: a.id,
    display_name: display,
    first_name: a.first_name,
    last_name: a.last_name,
    contacts: {
      phones: (a.phones ?? []).map((p) => ({
        value: p.value,
        type: p.type === 'fixed' ? 'fixed' : 'mobile',
      })),
      emails: (a.emails ?? []).map((e) => ({ value: e.value })),
    },
  };
}
