import { queueCoproprietaireEvent } from '../syndic-api/webhooks/webhooks.service.js';
import {
  COPROPRIETE_SETTING_KEYS,
  type CoproprietaireSettings,
  type CoproprieteSettingKey,
  effectiveCoproprietaireSettings,
  hasContactEmail,
  type SettingsUpdateBody,
  type SupplementInfo,
  type UpdateSupplementBody,
  type UserSettingKey,
} from '@tantieme/contract';
import type { Db } from '../../db/client.js';
import type { LotSupplementJson, UserSupplementJson } from '../../db/schema/index.js';
import { AppError } from '../../http/errors.js';
import type { OwnedRecord } from '../access/access.service.js';
import { recordConsentChoice } from './consent.service.js';
import * as repo from './settings.repo.js';

// ------------------------------------------------------------------ user settings

/** key → value, null for keys the user never set. */
export async function getUserSettings(db: Db, userId: string, keys: readonly UserSettingKey[]) {
  const rows = await repo.findUserSettings(db, userId, keys);
  const out: Record<string, string | null> = {};
  for (const k of keys) out[k] = rows.find((r) => r.key === k)?.value ?? null;
  return out;
}

export async function setUserSettings(
  db: Db,
  userId: string,
  entries: { key: UserSettingKey; value: string }[],
) {
  // The last value of a key repeated in one call wins.
  const unique = [...new Map(entries.map((e) => [e.key, e])).values()];
  await repo.upsertUserSettings(db, userId, unique);
  return getUserSettings(
    db,
    userId,
    unique.map((e) => e.key),
  );
}

export async function deleteUserSettings(db: Db, userId: string, keys: readonly UserSettingKey[]) {
  return { deleted: await repo.deleteUserSettings(db, userId, [...new Set(keys)]) };
}

// ------------------------------------------------------------------ copropriété settings

/** copro_settings values for the asked keys (SPEC §7 POST coproprietes/{id}/settings/multi-settings). */
export function getCoproprieteSettings(row: OwnedRecord, keys: readonly CoproprieteSettingKey[]) {
  const s = (row.copropriete.settings ?? {}) as Partial<Record<CoproprieteSettingKey, string | boolean>>;
  const out: Record<string, string | boolean | null> = {};
  for (const k of keys) if (COPROPRIETE_SETTING_KEYS.includes(k)) out[k] = s[k] ?? null;
  return out;
}

// ------------------------------------------------------------------ record settings

const contactEmailOf = (row: OwnedRecord) =>
  hasContactEmail(row.coproprietaire.user_supplement_info?.contact);

/** A record's settings with the SPEC §9 defaults; other modules (chat, mail) read them here. */
export async function getRecordSettings(db: Db, row: OwnedRecord): Promise<CoproprietaireSettings> {
  const rows = await repo.findRecordSettings(db, row.coproprietaire.id);
  return effectiveCoproprietaireSettings(
    Object.fromEntries(rows.map((r) => [r.key, r.value])),
    contactEmailOf(row),
  );
}

function checkFundCallEmail(row: OwnedRecord, settings: SettingsUpdateBody['settings']) {
  const wants = settings.some((s) => s.key === 'receive-appel-de-fond-via-email' && s.value === '1');
  if (wants && !contactEmailOf(row)) {
    throw new AppError('CONTACT_EMAIL_REQUIRED', undefined, {
      errors: { 'receive-appel-de-fond-via-email': 'CONTACT_EMAIL_REQUIRED' },
    });
  }
}

export async function updateRecordSettings(
  db: Db,
  row: OwnedRecord,
  userId: string,
  settings: SettingsUpdateBody['settings'],
) {
  checkFundCallEmail(row, settings);
  await db.transaction(async (tx) => {
    await repo.upsertRecordSettings(tx as unknown as Db, row.coproprietaire.id, settings);
    await recordConsentChoice(tx as unknown as Db, row.coproprietaire.id, userId, settings, 'settings');
    await onboardingEvent(tx as unknown as Db, row, 'choix', settings);
  });
  return getRecordSettings(db, row);
}

/**
 * Tells the syndic's software (webhook `onboarding.updated`) that the co-owner's answers changed:
 * the choices themselves (electronic convocation is a legal consent the syndic must know), or
 * only that the contact and lot information step was saved (read it with the record).
 */
async function onboardingEvent(
  tx: Db,
  row: OwnedRecord,
  step: 'choix' | 'coordonnees',
  settings?: SettingsUpdateBody['settings'],
) {
  await queueCoproprietaireEvent(tx, row.coproprietaire.id, 'onboarding.updated', {
    step,
    init_settings_done: step === 'choix' ? true : row.coproprietaire.init_settings_done,
    ...(settings ? { settings: Object.fromEntries(settings.map((x) => [x.key, x.value])) } : {}),
  });
}

/** Step 'Mes choix': the settings and the end of onboarding, in one transaction. */
export async function completeInitSettings(
  db: Db,
  row: OwnedRecord,
  userId: string,
  settings: SettingsUpdateBody['settings'],
) {
  checkFundCallEmail(row, settings);
  await db.transaction(async (tx) => {
    await repo.upsertRecordSettings(tx as unknown as Db, row.coproprietaire.id, settings);
    await recordConsentChoice(tx as unknown as Db, row.coproprietaire.id, userId, settings, 'onboarding');
    await repo.setInitSettingsDone(tx as unknown as Db, row.coproprietaire.id);
    await onboardingEvent(tx as unknown as Db, row, 'choix', settings);
  });
  return { init_settings_done: true as const, settings: await getRecordSettings(db, row) };
}

// ------------------------------------------------------------------ onboarding

export async function getSupplementInfo(db: Db, row: OwnedRecord): Promise<SupplementInfo> {
  const info = row.coproprietaire.user_supplement_info;
  const lots = await repo.findRecordLots(db, row.coproprietaire.id);
  return presentSupplement(info, lots, row.coproprietaire.init_settings_done);
}

function presentSupplement(
  info: UserSupplementJson | null,
  lots: Awaited<ReturnType<typeof repo.findRecordLots>>,
  initDone: boolean,
): SupplementInfo {
  const c = info?.contact ?? null;
  const addr = c?.address;
  return {
    contact: c
      ? {
          phone: c.phone ?? null,
          email: c.email ?? null,
          address: addr?.full_address
            ? {
                full_address: addr.full_address,
                number: addr.number ?? null,
                street: addr.street ?? null,
                city: addr.city ?? null,
                country: addr.country ?? 'FR',
                zip_code: addr.zip_code ?? null,
                latitude: addr.latitude ?? null,
                longitude: addr.longitude ?? null,
              }
            : null,
        }
      : null,
    lots: lots.map((l) => ({ ...l, info: info?.lots?.[l.id] ?? null })),
    init_settings_done: initDone,
  };
}

/**
 * Step 'Mes coordonnées et informations'. Lots of the record left out of the body were
 * marked 'fill later': their earlier answers are kept, flagged ignore. A contact without an
 * `address` key keeps the address saved by the welcome form.
 */
export async function updateSupplement(db: Db, row: OwnedRecord, body: UpdateSupplementBody) {
  const lots = await repo.findRecordLots(db, row.coproprietaire.id);
  const known = new Set(lots.map((l) => l.id));
  const unknown = Object.keys(body.lots).filter((id) => !known.has(id));
  if (unknown.length > 0) {
    throw new AppError('UNKNOWN_LOT', undefined, {
      errors: Object.fromEntries(unknown.map((id) => [`lots.${id}`, 'UNKNOWN_LOT'])),
    });
  }
  const before = row.coproprietaire.user_supplement_info ?? {};
  const nextLots: Record<string, LotSupplementJson> = {};
  for (const l of lots) {
    const sent = body.lots[l.id];
    if (sent) nextLots[l.id] = { ...sent, ignore: false };
    else nextLots[l.id] = { use_type: 'own', ...(before.lots?.[l.id] ?? {}), ignore: true };
  }
  const contact: UserSupplementJson['contact'] = body.contact
    ? {
        phone: body.contact.phone || null,
        email: body.contact.email || null,
        address:
          body.contact.address !== undefined ? body.contact.address : (before.contact?.address ?? null),
      }
    : null;
  const next: UserSupplementJson = { contact, lots: nextLots };
  await db.transaction(async (tx) => {
    await repo.updateSupplementInfo(tx as unknown as Db, row.coproprietaire.id, next);
    await onboardingEvent(tx as unknown as Db, row, 'coordonnees');
  });
  return presentSupplement(next, lots, row.coproprietaire.init_settings_done);
}
