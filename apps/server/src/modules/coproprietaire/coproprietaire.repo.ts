import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import {
  assembleeParticipants,
  coproprietaires,
  coproprietes,
  notifications,
  syndics,
} from '../../db/schema/index.js';

export async function listForUser(db: Db, userId: string) {
  return db
    .select({ coproprietaire: coproprietaires, copropriete: coproprietes, syndic: syndics })
    .from(coproprietaires)
    .innerJoin(coproprietes, eq(coproprietes.id, coproprietaires.copropriete_id))
    .innerJoin(syndics, eq(syndics.id, coproprietes.syndic_id))
    .where(eq(coproprietaires.user_id, userId))
    .orderBy(asc(coproprietaires.attached_at), asc(coproprietaires.created_at));
}

export async function availableAssemblies(db: Db, coproprietaireIds: string[]) {
  if (coproprietaireIds.length === 0) return [];
  return db
    .select()
    .from(assembleeParticipants)
    .where(inArray(assembleeParticipants.coproprietaire_id, coproprietaireIds));
}

export async function unreadNotificationCounts(db: Db, userId: string) {
  return db
    .select({ coproprietaire_id: notifications.coproprietaire_id, n: sql<number>`count(*)::int` })
    .from(notifications)
    .where(and(eq(notifications.user_id, userId), eq(notifications.is_read, false)))
    .groupBy(notifications.coproprietaire_id);
}
