import { and, asc, eq, gte, inArray, type SQL } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { coproprietaires, lots, signalementEvents, signalements, syndics } from '../../../db/schema/index.js';
import { cursorWhere, exactTime } from '../kit/index.js';

const columns = {
  s: signalements,
  author: coproprietaires.display_name,
  lot_number: lots.lot_id,
  lot_name: lots.name,
};

/** One page of the syndic's reports by last change, oldest first; the key is (updated_at, id) exact. */
export async function pageOfSignalements(
  db: Db,
  syndicId: string,
  q: { limit: number; after: string[] | null; since?: string; status?: string },
) {
  const where: SQL[] = [eq(signalements.syndic_id, syndicId)];
  if (q.since) where.push(gte(signalements.updated_at, new Date(q.since)));
  if (q.status) where.push(eq(signalements.status, q.status));
  if (q.after)
    where.push(
      cursorWhere('asc', [
        [signalements.updated_at, q.after[0], 'timestamptz'],
        [signalements.id, q.after[1], 'uuid'],
      ]),
    );
  return db
    .select({ ...columns, at: exactTime(signalements.updated_at) })
    .from(signalements)
    .innerJoin(coproprietaires, eq(coproprietaires.id, signalements.author_id))
    .leftJoin(lots, eq(lots.id, signalements.lot_id))
    .where(and(...where))
    .orderBy(asc(signalements.updated_at), asc(signalements.id))
    .limit(q.limit + 1);
}

export async function oneSignalement(db: Db, syndicId: string, id: string) {
  const [row] = await db
    .select(columns)
    .from(signalements)
    .innerJoin(coproprietaires, eq(coproprietaires.id, signalements.author_id))
    .leftJoin(lots, eq(lots.id, signalements.lot_id))
    .where(and(eq(signalements.id, id), eq(signalements.syndic_id, syndicId)))
    .limit(1);
  return row;
}

export async function eventsOfMany(db: Db, ids: string[]) {
  if (ids.length === 0) return [];
  return (
    db
      .select()
      .from(signalementEvents)
      // The console's internal notes are not among the API's events (it has no word for them).
      .where(and(inArray(signalementEvents.signalement_id, ids), eq(signalementEvents.internal, false)))
      .orderBy(asc(signalementEvents.created_at), asc(signalementEvents.id))
  );
}

export async function syndicName(db: Db, syndicId: string) {
  const [row] = await db
    .select({ name: syndics.name })
    .from(syndics)
    .where(eq(syndics.id, syndicId))
    .limit(1);
  return row?.name ?? '';
}
