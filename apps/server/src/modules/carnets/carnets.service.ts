import {
  type CarnetEntretienContent,
  type CarnetEntretienView,
  hasSyndicatPermission,
} from '@tantieme/contract';
import type { Db } from '../../db/client.js';
import { AppError } from '../../http/errors.js';
import { loadRecord, type OwnedRecord } from '../access/access.service.js';
import * as repo from './carnets.repo.js';
import { readMaintenanceToken, signMaintenanceToken } from './carnets.token.js';

export interface MaintenanceDeps {
  db: Db;
  appSecret: string;
  maintenanceAppUrl?: string;
}

/** Route CarnetEntretien needs IS_SYNDICAT (SPEC §2.1, decision 7): anyone else gets 404. */
export function assertSyndicat(row: OwnedRecord) {
  if (!hasSyndicatPermission(row.coproprietaire)) throw new AppError('NOT_FOUND');
}

const line = (...parts: (string | null | undefined)[]) =>
  parts
    .map((p) => p?.trim())
    .filter(Boolean)
    .join(' ');

/** The built-in carnet (décret 2001-477 art. 3) of the record's building; null if none was written. */
export async function carnetOf(db: Db, row: OwnedRecord): Promise<CarnetEntretienContent | null> {
  const c = await repo.findCarnet(db, row.copropriete.id);
  if (!c) return null;
  const a = row.copropriete.address;
  const s = row.syndic;
  const syndicAddress = line(s.address?.street1, s.address?.zip_code, s.address?.city);
  return {
    building: {
      name: row.copropriete.name,
      full_address: a.full_address || line(a.number, a.street, a.zip_code, a.city),
      construction_year: c.construction_year,
    },
    syndic: {
      name: s.name,
      address: syndicAddress || null,
      email: s.email,
      phone: s.phone,
    },
    insurance_contracts: c.insurance_contracts,
    maintenance_contracts: c.maintenance_contracts,
    major_works: [...c.major_works].sort((x, y) => y.year - x.year),
    works_plan: c.works_plan
      ? { ...c.works_plan, items: [...c.works_plan.items].sort((x, y) => x.year - y.year) }
      : null,
    dtg_works: [...(c.dtg_works as CarnetEntretienContent['dtg_works'])].sort(
      (x, y) => x.planned_year - y.planned_year,
    ),
    updated_at: c.updated_at.toISOString(),
  };
}

/**
 * The page's content: with MAINTENANCE_APP_URL, the external application's URL carrying the
 * syndic, copropriété and co-owner ids and a short-lived token scoped to reading that record
 * (never the session token: decision 51); otherwise the built-in carnet.
 */
export async function carnetView(deps: MaintenanceDeps, row: OwnedRecord): Promise<CarnetEntretienView> {
  assertSyndicat(row);
  if (deps.maintenanceAppUrl) {
    const { token, grant } = signMaintenanceToken(deps.appSecret, {
      syndicId: row.copropriete.syndic_id,
      coproprieteId: row.copropriete.id,
      coproprietaireId: row.coproprietaire.id,
    });
    const url = new URL(deps.maintenanceAppUrl);
    url.searchParams.set('syndic_id', grant.syndicId);
    url.searchParams.set('copropriete_id', grant.coproprieteId);
    url.searchParams.set('coproprietaire_id', grant.coproprietaireId);
    url.searchParams.set('token', token);
    return { mode: 'external', url: url.toString(), expires_at: new Date(grant.exp * 1000).toISOString() };
  }
  return { mode: 'embedded', carnet: await carnetOf(deps.db, row) };
}

/**
 * The read-only carnet of every co-owner of the building (décret 2019-502 art. 1, 3°): the record
 * was already checked by the access guard; no IS_SYNDICAT here, no external application's token.
 */
export async function publicCarnet(db: Db, row: OwnedRecord) {
  return { carnet: await carnetOf(db, row) };
}

/**
 * What the external application reads with its token: the one record the token names, if it
 * still exists in that copropriété and is still a council member's. Anything else: 401.
 */
export async function externalRecord(deps: MaintenanceDeps, token: string | undefined) {
  const grant = token ? readMaintenanceToken(deps.appSecret, token) : null;
  if (!grant) throw new AppError('UNAUTHORIZED', 'Jeton invalide ou expiré.');
  const row = await loadRecord(deps.db, grant.coproprietaireId);
  if (
    !row ||
    row.copropriete.id !== grant.coproprieteId ||
    row.copropriete.syndic_id !== grant.syndicId ||
    !hasSyndicatPermission(row.coproprietaire)
  )
    throw new AppError('UNAUTHORIZED', 'Jeton invalide ou expiré.');
  return {
    syndic_id: grant.syndicId,
    copropriete_id: grant.coproprieteId,
    coproprietaire_id: grant.coproprietaireId,
    expires_at: new Date(grant.exp * 1000).toISOString(),
    carnet: await carnetOf(deps.db, row),
  };
}

/**
 * A works entry of the building's carnet by the syndic's reference (major works, then the DTG's
 * list), with the words a linked signalement shows; undefined when the carnet has none.
 */
export async function worksEntry(db: Db, coproprieteId: string, reference: string) {
  const c = await repo.findCarnet(db, coproprieteId);
  if (!c) return undefined;
  const major = c.major_works.find((w) => w.reference === reference);
  if (major) return { ref: reference, label: `${major.nature} (${major.year}, ${major.contractor})` };
  const dtg = c.dtg_works.find((w) => w.reference === reference);
  if (dtg) return { ref: reference, label: `${dtg.work} (${dtg.planned_year})` };
  return undefined;
}
