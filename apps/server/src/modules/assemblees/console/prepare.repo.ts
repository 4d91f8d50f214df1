import { and, asc, count, eq, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client.js';
import {
  assembleeParticipants,
  assemblees,
  coproprietaires,
  repartitions,
  resolutions,
  syndics,
} from '../../../db/schema/index.js';

/** A building's assemblies with their counts, the next meeting first. */
export function assembleesOfBuilding(db: Executor, coproId: string) {
  return db
    .select({
      ag: assemblees,
      // Qualified by hand: inside a subquery drizzle names a column without its table.
      resolutions: sql<number>`(select count(*)::int from "resolutions" r where r."assemblee_id" = "assemblees"."id")`,
      participants: sql<number>`(select count(*)::int from "assemblee_participants" p where p."assemblee_id" = "assemblees"."id")`,
    })
    .from(assemblees)
    .where(eq(assemblees.copropriete_id, coproId))
    .orderBy(sql`${assemblees.date} desc`, asc(assemblees.id));
}

/** One assembly of the building, or undefined (another building's is not found). */
export async function assembleeInBuilding(db: Executor, coproId: string, agId: string) {
  const [row] = await db
    .select()
    .from(assemblees)
    .where(and(eq(assemblees.id, agId), eq(assemblees.copropriete_id, coproId)));
  return row;
}

export function resolutionsOf(db: Executor, agId: string) {
  return db
    .select()
    .from(resolutions)
    .where(eq(resolutions.assemblee_id, agId))
    .orderBy(asc(resolutions.number));
}

export async function participantCount(db: Executor, agId: string) {
  const [r] = await db
    .select({ n: count() })
    .from(assembleeParticipants)
    .where(eq(assembleeParticipants.assemblee_id, agId));
  return r?.n ?? 0;
}

export function keysOf(db: Executor, coproId: string) {
  return db
    .select({
      id: repartitions.id,
      code: repartitions.code,
      name: repartitions.name,
      kind: repartitions.kind,
    })
    .from(repartitions)
    .where(eq(repartitions.copropriete_id, coproId))
    .orderBy(asc(repartitions.code), asc(repartitions.id));
}

/** The building's current co-owners (removed records are not convened). */
export async function currentOwnerIds(db: Executor, coproId: string) {
  const rows = await db
    .select({ id: coproprietaires.id })
    .from(coproprietaires)
    .where(and(eq(coproprietaires.copropriete_id, coproId), isNull(coproprietaires.removed_at)))
    .orderBy(asc(coproprietaires.id));
  return rows.map((r) => r.id);
}

export async function syndicName(db: Executor, syndicId: string) {
  const [r] = await db.select({ name: syndics.name }).from(syndics).where(eq(syndics.id, syndicId));
  return r?.name ?? '';
}

/** A resolution's attachments, replaced as a whole. */
export function setResolutionFiles(db: Executor, resolutionId: string, list: { id: string; name: string }[]) {
  return db.update(resolutions).set({ files: list }).where(eq(resolutions.id, resolutionId));
}
