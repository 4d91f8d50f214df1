import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import {
  communications,
  coproprietaires,
  coproprietes,
  pvNotifications,
  users,
} from '../../../db/schema/index.js';
import type { Q } from '../assemblees.repo.js';

type Insert = typeof pvNotifications.$inferInsert;

export async function coproprieteOf(db: Q, id: string) {
  const [row] = await db.select().from(coproprietes).where(eq(coproprietes.id, id)).limit(1);
  return row!;
}

/** Inserts a co-owner's notification unless one exists (a second call sends nothing twice). */
export async function insertNotification(tx: Q, v: Insert) {
  const rows = await tx.insert(pvNotifications).values(v).onConflictDoNothing().returning();
  return rows[0] ?? null;
}

export function updateNotification(
  tx: Q,
  agId: string,
  ownerId: string,
  v: Partial<Omit<Insert, 'assemblee_id' | 'coproprietaire_id'>>,
) {
  return tx
    .update(pvNotifications)
    .set(v)
    .where(and(eq(pvNotifications.assemblee_id, agId), eq(pvNotifications.coproprietaire_id, ownerId)));
}

export function notificationsOf(db: Q, agId: string) {
  return db
    .select({ n: pvNotifications, name: coproprietaires.display_name })
    .from(pvNotifications)
    .innerJoin(coproprietaires, eq(coproprietaires.id, pvNotifications.coproprietaire_id))
    .where(eq(pvNotifications.assemblee_id, agId))
    .orderBy(asc(coproprietaires.display_name));
}

/** The electronic letters of the PV not deposited with the provider yet. */
export function undepositedPvLre(db: Q, agId: string) {
  return db
    .select({ n: pvNotifications, owner: coproprietaires })
    .from(pvNotifications)
    .innerJoin(coproprietaires, eq(coproprietaires.id, pvNotifications.coproprietaire_id))
    .where(
      and(
        eq(pvNotifications.assemblee_id, agId),
        eq(pvNotifications.channel, 'lre'),
        isNull(pvNotifications.sending_id),
      ),
    );
}

/** The co-owners to notify with their account's e-mail and their record's contacts. */
export function ownersWithEmail(db: Q, ids: string[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .select({ owner: coproprietaires, user_email: users.email })
    .from(coproprietaires)
    .leftJoin(users, eq(users.id, coproprietaires.user_id))
    .where(inArray(coproprietaires.id, ids));
}

/** The letter's text as recorded in the co-owner's space, for its deposit. */
export async function letterOf(db: Q, communicationId: string | null) {
  if (!communicationId) return undefined;
  const [row] = await db
    .select({ subject: communications.subject, content: communications.content })
    .from(communications)
    .where(eq(communications.id, communicationId))
    .limit(1);
  return row;
}
