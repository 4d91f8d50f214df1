import type { AddressJson, ContactJson, MemberJson } from '../src/db/schema/index.js';
import {
  coproprieteAdministrators,
  coproprietaireLots,
  coproprietaires,
  coproprietes,
  lots,
  lotTantiemes,
  repartitions,
} from '../src/db/schema/index.js';
import { randomCode } from '../src/lib/crypto.js';
import { coproprietaireRow, coproprieteRow, lotRow } from './builders/rows.js';
import { newId, type SeedContext } from './context.js';
import { splitByWeights } from './random.js';
import { coproprieteAdministratorRow } from './builders/identity.js';
import { coproprietaireLotRow, lotTantiemeRow, repartitionRow } from './builders/copro.js';

import {
  type CoproDef,
  type CoproInfo,
  type LotInfo,
  type OwnerInfo,
  ownerNames,
  type RepInfo,
} from './copro.js';

/** Inserts a copropriété with its lots, repartitions (tantièmes), administrators and co-owner records. */
export function seedCopro(ctx: SeedContext, def: CoproDef): CoproInfo {
  const id = newId();
  ctx.rows.add(
    coproprietes,
    coproprieteRow({
      id,
      syndic_id: def.syndic.id,
      name: def.name,
      address: def.address,
      email: def.email ?? null,
      phone: def.phone ?? null,
      settings: def.settings,
      alur_cents: def.alur_cents ?? 0,
      avance_cents: def.avance_cents ?? 0,
      created_at: ctx.clock.daysAgo(def.since),
    }),
  );
  for (const adminId of def.admins)
    ctx.rows.add(
      coproprieteAdministrators,
      coproprieteAdministratorRow({ copropriete_id: id, administrator_id: adminId }),
    );

  const lotInfos: LotInfo[] = def.lots.map((l) => ({
    id: newId(),
    key: l.key,
    lot_id: l.lot_id,
    name: l.name,
    type_name: l.type_name,
  }));
  const lotByKey = new Map(lotInfos.map((l) => [l.key, l]));
  ctx.rows.add(
    lots,
    ...def.lots.map((l, i) =>
      lotRow({
        id: lotInfos[i].id,
        copropriete_id: id,
        lot_id: l.lot_id,
        name: l.name,
        type_name: l.type_name,
        agency_info: l.agency_info ?? null,
        locataire: l.locataire ?? null,
      }),
    ),
  );

  const repInfos: RepInfo[] = def.reps.map((r) => {
    const members = def.lots
      .map((l, i) => ({ lot: lotInfos[i], w: l.weights[r.code] ?? 0 }))
      .filter((m) => m.w > 0);
    const parts = splitByWeights(
      r.total,
      members.map((m) => m.w),
    );
    const rep: RepInfo = {
      id: newId(),
      code: r.code,
      name: r.name,
      total: r.total,
      tantiemes: new Map(members.map((m, i) => [m.lot.id, parts[i]])),
    };
    ctx.rows.add(
      repartitions,
      repartitionRow({
        id: rep.id,
        copropriete_id: id,
        code: r.code,
        name: r.name,
        total_tantieme: r.total,
      }),
    );
    ctx.rows.add(
      lotTantiemes,
      ...[...rep.tantiemes].map(([lotId, tantieme]) =>
        lotTantiemeRow({ lot_id: lotId, repartition_id: rep.id, tantieme }),
      ),
    );
    return rep;
  });

  const ownerInfos: OwnerInfo[] = def.owners.map((o, idx) => {
    const ownerId = newId();
    const { name, display_name } = ownerNames(o);
    const unique_code = o.unique_code ?? randomCode(9);
    const ownerLots = o.lots.map((k) => {
      const lot = lotByKey.get(k);
      if (!lot) throw new Error(`Lot inconnu : ${k}`);
      return lot;
    });
    const living = !o.address;
    const street = living
      ? `${def.address.number} ${def.address.street}`
      : `${o.address?.number} ${o.address?.street}`;
    const zip = (living ? def.address.zip_code : o.address?.zip_code) ?? '';
    const city = (living ? def.address.city : o.address?.city) ?? '';
    const address: AddressJson = living
      ? { ...def.address, full_address: `${street} ${zip} ${city}` }
      : { ...o.address, full_address: `${street} ${zip} ${city}` };
    const contacts: ContactJson[] = o.people.map((p) => ({
      id: newId(),
      civility: p.civility,
      first_name: p.first_name,
      last_name: p.last_name,
      company: o.company ?? null,
      addresses: [
        {
          full_address: `${street}, ${zip} ${city}`,
          additional_address: living ? (o.additional ?? null) : null,
        },
      ],
      emails: p.email ? [{ value: p.email }] : [],
      phones: p.phone ? [{ value: p.phone }] : [],
    }));
    const members: MemberJson[] = o.people.map((p) => ({
      civility: p.civility,
      first_name: p.first_name,
      last_name: p.last_name,
    }));
    ctx.rows.add(
      coproprietaires,
      coproprietaireRow({
        id: ownerId,
        copropriete_id: id,
        user_id: o.user?.id ?? null,
        attached_at: o.user ? ctx.clock.daysAgo(o.user.attachedDaysAgo, '19:42') : null,
        init_settings_done: o.init_settings_done ?? false,
        name,
        display_name,
        unique_code,
        address,
        is_member_syndicat: o.council ?? false,
        is_president: o.president ?? false,
        contacts,
        members,
        user_supplement_info: o.supplement
          ? {
              contact: o.supplement.contact ?? null,
              lots: Object.fromEntries(
                Object.entries(o.supplement.lots ?? {}).map(([k, v]) => [lotByKey.get(k)?.id ?? k, v]),
              ),
            }
          : null,
        permissions: o.permissions ?? {
          view_invoices: true,
          view_invoice_status: true,
          view_copro_documents: true,
          view_releves_bancaires: true,
          view_syndic_documents: true,
        },
        created_at: ctx.clock.daysAgo(def.since - 1),
      }),
    );
    ctx.rows.add(
      coproprietaireLots,
      ...ownerLots.map((l) => coproprietaireLotRow({ coproprietaire_id: ownerId, lot_id: l.id })),
    );
    return {
      id: ownerId,
      key: o.key,
      def: o,
      name,
      display_name,
      unique_code,
      compte: `450${String(idx + 1).padStart(3, '0')}`,
      lots: ownerLots,
      email: o.people.find((p) => p.email)?.email,
      phone: o.people.find((p) => p.phone)?.phone,
      postal: {
        name: display_name,
        street: living && o.additional ? `${street}, ${o.additional}` : street,
        zip,
        city,
      },
    };
  });
  const ownerByKey = new Map(ownerInfos.map((o) => [o.key, o]));
  const repByCode = new Map(repInfos.map((r) => [r.code, r]));
  return {
    id,
    name: def.name,
    address: def.address,
    syndic: def.syndic,
    lots: lotInfos,
    lot: (k) => lotByKey.get(k) as LotInfo,
    reps: repInfos,
    rep: (c) => repByCode.get(c) as RepInfo,
    owners: ownerInfos,
    owner: (k) => ownerByKey.get(k) as OwnerInfo,
  };
}
