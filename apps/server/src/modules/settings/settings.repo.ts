import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import {
  coproprietaireLots,
  coproprietaireSettings,
  coproprietaires,
  lots,
  type UserSupplementJson,
  userSettings,
} from '../../db/schema/index.js';

// ------------------------------------------------------------------ user settings

export async function findUserSettings(db: Db, userId: string, keys: readonly string[]) {
  return db
    .select({ key: userSettings.key, value: userSettings.value })
    .from(userSettings)
    .where(and(eq(userSettings.user_id, userId), inArray(userSettings.key, [...keys])));
}

export async function upsertUserSettings(db: Db, userId: string, entries: { key: string; value: string }[]) {
  await db
    .insert(userSettings)
    .values(entries.map((e) => ({ user_id: userId, key: e.key, value: e.value })))
    .onConflictDoUpdate({
      target: [userSettings.user_id, userSettings.key],
      set: { value: sql`excluded.value`, updated_at: sql`now()` },
    });
}

export async function deleteUserSettings(db: Db, userId: string, keys: readonly string[]) {
  const rows = await db
    .delete(userSettings)
    .where(and(eq(userSettings.user_id, userId), inArray(userSettings.key, [...keys])))
    .returning({ key: userSettings.key });
  return rows.length;
}

// ------------------------------------------------------------------ record settings

export async function findRecordSettings(db: Db, coproprietaireId: string) {
  return db
    .select({ key: coproprietaireSettings.key, value: coproprietaireSettings.value })
    .from(coproprietaireSettings)
    .where(eq(coproprietaireSettings.coproprietaire_id, coproprietaireId));
}

export async function upsertRecordSettings(
  db: Db,
  coproprietaireId: string,
  entries: { key: string; value: string }[],
) {
  if (entries.length === 0) return;
  await db
    .insert(coproprietaireSettings)
    .values(entries.map((e) => ({ coproprietaire_id: coproprietaireId, key: e.key, value: e.value })))
    .onConflictDoUpdate({
      target: [coproprietaireSettings.coproprietaire_id, coproprietaireSettings.key],
      set: { value: sql`excluded.value` },
    });
}

export async function setInitSettingsDone(db: Db, coproprietaireId: string) {
  await db
    .update(coproprietaires)
    .set({ init_settings_done: true })
    .where(eq(coproprietaires.id, coproprietaireId));
}

// ------------------------------------------------------------------ onboarding

/** The lots of a record, sorted by name (SPEC §3 Lot). */
export async function findRecordLots(db: Db, coproprietaireId: string) {
  return db
    .select({ id: lots.id, lot_id: lots.lot_id, name: lots.name, type_name: lots.type_name })
    .from(coproprietaireLots)
    .innerJoin(lots, eq(lots.id, coproprietaireLots.lot_id))
    .where(eq(coproprietaireLots.coproprietaire_id, coproprietaireId))
    .orderBy(asc(lots.name));
}

export async function updateSupplementInfo(db: Db, coproprietaireId: string, info: UserSupplementJson) {
  await db
    .update(coproprietaires)
    .set({ user_supplement_info: info })
    .where(eq(coproprietaires.id, coproprietaireId));
}
