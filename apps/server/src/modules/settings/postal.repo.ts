import { and, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import {
  coproprietaires,
  demandesVoiePostale as requests,
  type PostalRequestAct,
} from '../../db/schema/index.js';

export function requestsOf(db: Executor, coproprietaireIds: string[]) {
  if (coproprietaireIds.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(requests)
    .where(inArray(requests.coproprietaire_id, coproprietaireIds))
    .orderBy(desc(requests.received_at));
}

export async function findActive(db: Executor, coproprietaireId: string) {
  const [row] = await db
    .select()
    .from(requests)
    .where(and(eq(requests.coproprietaire_id, coproprietaireId), isNull(requests.withdrawn_at)));
  return row;
}

export async function insertRequest(
  db: Executor,
  v: { coproprietaire_id: string; received_at: Date; made_by: PostalRequestAct; user_id: string | null },
) {
  await db.insert(requests).values(v).onConflictDoNothing();
}

export async function withdraw(db: Executor, id: string, by: PostalRequestAct, userId: string | null) {
  await db
    .update(requests)
    .set({ withdrawn_at: new Date(), withdrawn_by: by, withdrawn_user_id: userId })
    .where(and(eq(requests.id, id), isNull(requests.withdrawn_at)));
}

export function findByIds(db: Executor, ids: string[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db.select().from(requests).where(inArray(requests.id, ids));
}

/** The building's record of that id (removed or anonymised ones too, with their dates), or undefined. */
export async function recordIn(db: Executor, coproId: string, coproprietaireId: string) {
  const [row] = await db
    .select({
      id: coproprietaires.id,
      removed_at: coproprietaires.removed_at,
      anonymised_at: coproprietaires.anonymised_at,
    })
    .from(coproprietaires)
    .where(and(eq(coproprietaires.id, coproprietaireId), eq(coproprietaires.copropriete_id, coproId)))
    .limit(1);
  return row;
}
