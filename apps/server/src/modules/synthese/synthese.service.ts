import {
  type BudgetAlurAvance,
  type BudgetFonctionnement,
  CHARGE_TYPES,
  type LotTantieme,
  sortLotsByName,
  type VerificationStatus,
} from '@tantieme/contract';
import type { Db } from '../../db/client.js';
import { AppError } from '../../http/errors.js';
import type { StorageAdapter } from '../../platform/storage.js';
import type { OwnedRecord } from '../access/access.service.js';
import { PRODUCT_LOGO, presentAdministrator, presentLot, presentSyndic } from './synthese.presenter.js';
import * as repo from './synthese.repo.js';

const isExternalUrl = (v: string) => /^https?:\/\//i.test(v) || v.startsWith('/');

/** The logo a browser can load: product branding, an absolute URL as is, or a signed URL of a storage key. */
export async function syndicLogoUrl(
  storage: StorageAdapter,
  syndic: { use_synple: boolean; logo_url: string | null },
): Promise<string | null> {
  if (syndic.use_synple) return PRODUCT_LOGO;
  if (!syndic.logo_url) return null;
  if (isExternalUrl(syndic.logo_url)) return syndic.logo_url;
  try {
    return await storage.signedGetUrl(syndic.logo_url);
  } catch {
    return null; // a malformed key must not break the dashboard
  }
}

export async function getSyndicInfo(db: Db, storage: StorageAdapter, record: OwnedRecord) {
  const syndic = await repo.findSyndic(db, record.copropriete.syndic_id);
  if (!syndic) throw new AppError('NOT_FOUND');
  const contacts = await repo.listSyndicContacts(db, syndic.id);
  return presentSyndic(syndic, contacts, await syndicLogoUrl(storage, syndic));
}

export async function getAdministrators(db: Db, coproprieteId: string) {
  const rows = await repo.listAdministrators(db, coproprieteId);
  return rows.map((r) => presentAdministrator(r.administrator));
}

export async function getVerificationStatus(db: Db, coproprieteId: string): Promise<VerificationStatus> {
  const row = await repo.findVerificationStatus(db, coproprieteId);
  return { syndic_submit: row?.syndic_submit ?? 0, syndicat_finish: row?.syndicat_finish ?? 0 };
}

export async function getLots(db: Db, coproprietaireId: string) {
  const rows = await repo.listOwnerLots(db, coproprietaireId);
  return sortLotsByName(rows.map((r) => presentLot(r.lot)));
}

/** Tantièmes of one of the member's lots; a lot they do not hold answers 404. */
export async function getLotTantiemes(
  db: Db,
  coproprietaireId: string,
  lotId: string,
): Promise<LotTantieme[]> {
  const lot = await repo.findOwnerLot(db, coproprietaireId, lotId);
  if (!lot) throw new AppError('NOT_FOUND');
  const rows = await repo.listLotTantiemes(db, lot.id);
  return rows.map((r) => ({
    repartition_name: { fr: r.name },
    tantieme: r.tantieme,
    total_tantieme: r.total_tantieme,
  }));
}

/** The most relevant year: the one containing today, else the latest started, else the latest. */
export function currentYear<T extends { start_date: string; end_date: string; year: number }>(
  years: T[],
  today = new Date().toISOString().slice(0, 10),
): T | null {
  if (years.length === 0) return null;
  const byYear = [...years].sort((a, b) => a.year - b.year);
  return (
    byYear.find((y) => y.start_date <= today && today <= y.end_date) ??
    byYear.filter((y) => y.start_date <= today).at(-1) ??
    byYear.at(-1) ??
    null
  );
}

/** Operating budget (charge type FONCTIONNEMENT) voted and realised for the current year. */
export async function getBudgetFonctionnement(db: Db, coproprieteId: string): Promise<BudgetFonctionnement> {
  const fy = currentYear(await repo.listFinancialYears(db, coproprieteId));
  if (!fy) return { totalFixed: 0, totalReality: 0, year_couple: null };
  const t = await repo.yearTotalsByChargeType(db, fy.id, CHARGE_TYPES.FONCTIONNEMENT);
  return { totalFixed: t.budget, totalReality: t.realised, year_couple: fy.couple };
}

export function getAlurAvance(record: OwnedRecord): BudgetAlurAvance {
  return { alur: record.copropriete.alur_cents, avance: record.copropriete.avance_cents };
}
