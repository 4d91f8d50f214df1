import { and, asc, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client.js';
import { type ConsentAct, consentementsNotificationElectronique as consents } from '../../db/schema/index.js';

export function findConsents(db: Db, coproprietaireId: string) {
  return db
    .select()
    .from(consents)
    .where(eq(consents.coproprietaire_id, coproprietaireId))
    .orderBy(desc(consents.given_at));
}

export async function findActiveConsent(db: Db, coproprietaireId: string) {
  const [row] = await db
    .select()
    .from(consents)
    .where(and(eq(consents.coproprietaire_id, coproprietaireId), isNull(consents.revoked_at)));
  return row;
}

export async function insertConsent(
  db: Db,
  coproprietaireId: string,
  userId: string | null,
  act: ConsentAct,
) {
  await db
    .insert(consents)
    .values({ coproprietaire_id: coproprietaireId, user_id: userId, given_by: act })
    .onConflictDoNothing();
}

export async function revokeConsent(db: Db, id: string, userId: string | null, act: ConsentAct) {
  await db
    .update(consents)
    .set({ revoked_at: new Date(), revoked_by: act, revoked_user_id: userId })
    .where(and(eq(consents.id, id), isNull(consents.revoked_at)));
}

/** The consents of several records, oldest first. */
export function findConsentsOf(db: Db, coproprietaireIds: string[]) {
  if (coproprietaireIds.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(consents)
    .where(inArray(consents.coproprietaire_id, coproprietaireIds))
    .orderBy(asc(consents.given_at), asc(consents.id));
}

/** These consents by id, revoked or not, in one query. */
export function findConsentsByIds(db: Executor, ids: string[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .select({ id: consents.id, given_at: consents.given_at })
    .from(consents)
    .where(inArray(consents.id, ids));
}
