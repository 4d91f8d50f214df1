import type {
  AddressJson,
  LotSupplementJson,
  PermissionsJson,
  UserSupplementJson,
} from '../src/db/schema/index.js';
import type { CoproSettingsJson } from '../src/db/schema/copro.js';
import type { SyndicInfo } from './syndics.js';

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

/** Sum of an owner's tantièmes in a repartition. */
export const ownerTantiemes = (owner: OwnerInfo, rep: RepInfo) =>
  owner.lots.reduce((sum, l) => sum + (rep.tantiemes.get(l.id) ?? 0), 0);
