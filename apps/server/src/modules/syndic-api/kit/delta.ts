import { and, asc, eq, gte, type SQL, sql } from 'drizzle-orm';
import { syndicExternalRefs, syndicTombstones } from '../../../db/schema/index.js';
import type { Executor } from './audit.js';
import { cursorWhere } from './cursor.js';

/**
 * The refs of one page of a resource list, by external_id: all of them, or (with `since`) those
 * created or changed at or after it, with the tombstones of what was deleted since, in one order.
 */
export async function listRefs(
  db: Executor,
  syndicId: string,
  resource: string,
  q: { limit: number; after: string | null; since?: string },
) {
  const where: SQL[] = [
    eq(syndicExternalRefs.syndic_id, syndicId),
    eq(syndicExternalRefs.resource, resource),
  ];
  if (q.after) where.push(cursorWhere('asc', [[syndicExternalRefs.external_id, q.after, 'text']]));
  if (q.since) where.push(gte(syndicExternalRefs.updated_at, new Date(q.since)));
  const refs = await db
    .select({ external_id: syndicExternalRefs.external_id, id: syndicExternalRefs.internal_id })
    .from(syndicExternalRefs)
    .where(and(...where))
    .orderBy(asc(syndicExternalRefs.external_id))
    .limit(q.limit + 1);
  if (!q.since) return refs.map((r) => ({ ...r, deleted_at: null as Date | null }));
  const tw: SQL[] = [
    eq(syndicTombstones.syndic_id, syndicId),
    eq(syndicTombstones.resource, resource),
    gte(syndicTombstones.deleted_at, new Date(q.since)),
  ];
  if (q.after) tw.push(cursorWhere('asc', [[syndicTombstones.external_id, q.after, 'text']]));
  const dead = await db
    .select({
      external_id: syndicTombstones.external_id,
      id: syndicTombstones.internal_id,
      deleted_at: syndicTombstones.deleted_at,
    })
    .from(syndicTombstones)
    .where(and(...tw))
    .orderBy(asc(syndicTombstones.external_id))
    .limit(q.limit + 1);
  // An external_id is either live or a tombstone (a re-creation removes its tombstone).
  return [...refs.map((r) => ({ ...r, deleted_at: null as Date | null })), ...dead]
    .sort((a, b) => (a.external_id < b.external_id ? -1 : a.external_id > b.external_id ? 1 : 0))
    .slice(0, q.limit + 1);
}

/** Marks refs as changed now (an update, or a change the product made to the row). */
export async function touchRefs(db: Executor, syndicId: string, resource: string, ids: string[]) {
  if (ids.length === 0) return;
  await db
    .update(syndicExternalRefs)
    .set({ updated_at: new Date() })
    .where(
      and(
        eq(syndicExternalRefs.syndic_id, syndicId),
        eq(syndicExternalRefs.resource, resource),
        sql`${syndicExternalRefs.internal_id} = any(${sql.param(ids)}::uuid[])`,
      ),
    );
}

/** The deleted resource's tombstone (replacing an older one of the same external_id). */
export async function writeTombstone(
  db: Executor,
  v: { syndicId: string; resource: string; externalId: string; id: string },
) {
  const [row] = await db
    .insert(syndicTombstones)
    .values({ syndic_id: v.syndicId, resource: v.resource, external_id: v.externalId, internal_id: v.id })
    .onConflictDoUpdate({
      target: [syndicTombstones.syndic_id, syndicTombstones.resource, syndicTombstones.external_id],
      set: { internal_id: v.id, deleted_at: new Date() },
    })
    .returning();
  return row;
}

/** A re-created external_id is live again: its tombstone goes. */
export async function clearTombstones(
  db: Executor,
  syndicId: string,
  resource: string,
  externalIds: string[],
) {
  if (externalIds.length === 0) return;
  // Most imports re-create nothing: one probe of the index spares matching thousands of ids.
  const [any] = await db
    .select({ one: sql<number>`1` })
    .from(syndicTombstones)
    .where(and(eq(syndicTombstones.syndic_id, syndicId), eq(syndicTombstones.resource, resource)))
    .limit(1);
  if (!any) return;
  await db
    .delete(syndicTombstones)
    .where(
      and(
        eq(syndicTombstones.syndic_id, syndicId),
        eq(syndicTombstones.resource, resource),
        sql`${syndicTombstones.external_id} = any(${sql.param(externalIds)}::text[])`,
      ),
    );
}
