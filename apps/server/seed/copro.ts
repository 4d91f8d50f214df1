import type {
  AddressJson,
  ContactJson,
  LotSupplementJson,
  MemberJson,
  PermissionsJson,
  UserSupplementJson,
} from '../src/db/schema/index.js';
import {
  coproprieteAdministrators,
  coproprietaireLots,
  coproprietaires,
  coproprietes,
  lots,
  lotTantiemes,
  repartitions,
} from '../src/db/schema/index.js';
import type { CoproSettingsJson } from '../src/db/schema/copro.js';
import { randomCode } from '../src/lib/crypto.js';
import { coproprietaireRow, coproprieteRow, lotRow } from './builders/rows.js';
import { newId, type SeedContext } from './context.js';
import { splitByWeights } from './random.js';
import type { SyndicInfo } from './syndics.js';
import { coproprieteAdministratorRow } from './builders/identity.js';
import { coproprietaireLotRow, lotTantiemeRow, repartitionRow } from './builders/copro.js';

export type Civility = 'mr' | 'mrs' | 'mr_and_mrs' | 'mr_or_mrs';

export interface LotDef {
  key: string;
  lot_id: string;
  name: string;
  type_name: string;
  /** Relative weight of the lot in each repartition (by code); absent = not in the key. */
  weights: Record<string, number>;
  agency_info?: { name?: string; phone?: string; email?: string };
  locataire?: { civility?: string; first_name?: string; last_name?: string; phone?: string; email?: string };
}

export interface PersonDef {
  civility: 'mr' | 'mrs';
  first_name: string;
  last_name: string;
  email?: string;
  phone?: string;
}

/** How a co-owner pays the calls of funds (drives the ledger). */
export interface PaymentProfile {
  method: 'virement' | 'cheque' | 'prelevement';
  /** The last N quarterly calls are unpaid. */
  unpaidQuarters?: number;
  /** Whether a works call inside the unpaid period is unpaid too. */
  travauxUnpaid?: boolean;
  /** A partial payment on the oldest unpaid call, in cents. */
  partialCents?: number;
  /** Paid this much too much on the last call: an available credit. */
  extraCents?: number;
}

export interface OwnerDef {
  key: string;
  civility: Civility;
  /** Natural persons of the record (one, or a couple). */
  people: PersonDef[];
  company?: string;
  lots: string[];
  /** Postal address when the owner does not live in the building. */
  address?: AddressJson;
  /** "Bât. A – 1er étage" when living in the building. */
  additional?: string;
  council?: boolean;
  president?: boolean;
  unique_code?: string;
  pay: PaymentProfile;
  permissions?: PermissionsJson;
  /** Attached to this user account, that many days ago. */
  user?: { id: string; attachedDaysAgo: number };
  init_settings_done?: boolean;
  /** Onboarding answers; lots keyed by lot key (turned into lot ids). */
  supplement?: { contact?: UserSupplementJson['contact']; lots?: Record<string, LotSupplementJson> };
}

export interface RepDef {
  code: string;
  name: string;
  total: number;
}

export interface CoproDef {
  name: string;
  address: AddressJson;
  email?: string;
  phone?: string;
  settings: CoproSettingsJson;
  alur_cents?: number;
  avance_cents?: number;
  syndic: SyndicInfo;
  admins: string[];
  reps: RepDef[];
  lots: LotDef[];
  owners: OwnerDef[];
  /** Days before today the copropriété was created in the product. */
  since: number;
}

export interface LotInfo {
  id: string;
  key: string;
  lot_id: string;
  name: string;
  type_name: string;
}

export interface RepInfo {
  id: string;
  code: string;
  name: string;
  total: number;
  /** lot uuid → tantièmes, only lots that are in the key. */
  tantiemes: Map<string, number>;
}

export interface OwnerInfo {
  id: string;
  key: string;
  def: OwnerDef;
  name: string;
  display_name: string;
  unique_code: string;
  /** Co-owner account number in the syndic's books (450xxx). */
  compte: string;
  lots: LotInfo[];
  email?: string;
  phone?: string;
  /** Mailing block: name line, street, zip, city. */
  postal: { name: string; street: string; zip: string; city: string };
}

export interface CoproInfo {
  id: string;
  name: string;
  address: AddressJson;
  syndic: SyndicInfo;
  lots: LotInfo[];
  lot(key: string): LotInfo;
  reps: RepInfo[];
  rep(code: string): RepInfo;
  owners: OwnerInfo[];
  owner(key: string): OwnerInfo;
}

const CIVILITY_LABEL: Record<Civility, string> = {
  mr: 'M.',
  mrs: 'Mme',
  mr_and_mrs: 'M. et Mme',
  mr_or_mrs: 'M. ou Mme',
};

export function ownerNames(o: OwnerDef): { name: string; display_name: string } {
  if (o.company) return { name: o.company.toUpperCase(), display_name: o.company };
  const [first, second] = o.people;
  const last = first.last_name;
  if (o.people.length === 1)
    return {
      name: `${last.toUpperCase()} ${first.first_name}`,
      display_name: `${CIVILITY_LABEL[o.civility]} ${first.first_name} ${last}`,
    };
  return {
    name: `${last.toUpperCase()} ${first.first_name} et ${second.first_name}`,
    display_name: `${CIVILITY_LABEL[o.civility]} ${first.first_name} ${last}`,
  };
}

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

/** Sum of an owner's tantièmes in a repartition. */
export const ownerTantiemes = (owner: OwnerInfo, rep: RepInfo) =>
  owner.lots.reduce((sum, l) => sum + (rep.tantiemes.get(l.id) ?? 0), 0);
