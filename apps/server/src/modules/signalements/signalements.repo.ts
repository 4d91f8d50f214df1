import type { SignalementStatus } from '@tantieme/contract';
import { and, asc, desc, eq, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { Executor, Tx } from '../../db/client.js';
import {
  coproprietaireLots,
  coproprietaires,
  lots,
  signalementEvents,
  signalements,
  signalementSupporters,
} from '../../db/schema/index.js';

export type { Executor };

export type SignalementRow = typeof signalements.$inferSelect;
export type EventRow = typeof signalementEvents.$inferSelect;

const OPEN: SignalementStatus[] = ['NOUVEAU', 'PRIS_EN_COMPTE', 'PLANIFIE'];
const isOpen = sql<boolean>`${signalements.status} in ('NOUVEAU', 'PRIS_EN_COMPTE', 'PLANIFIE')`;

/** What a viewer may see, as SQL (the contract's `canSeeSignalement`). */
export function visibleTo(viewer: { coproId: string; recordId: string; council: boolean }): SQL {
  const own = or(eq(signalements.visibility, 'IMMEUBLE'), eq(signalements.author_id, viewer.recordId));
  return and(eq(signalements.copropriete_id, viewer.coproId), viewer.council ? undefined : own)!;
}

const lotColumns = { lot_number: lots.lot_id, lot_name: lots.name };

/** The building's reports the viewer sees: open ones first, then the latest closed. */
export async function listVisible(
  db: Executor,
  viewer: { coproId: string; recordId: string; council: boolean },
  closedMax: number,
) {
  const rows = () =>
    db
      .select({
        s: signalements,
        ...lotColumns,
        mine: sql<boolean>`exists (select 1 from ${signalementSupporters} x where x.signalement_id = ${signalements.id} and x.coproprietaire_id = ${viewer.recordId})`,
      })
      .from(signalements)
      .leftJoin(lots, eq(lots.id, signalements.lot_id));
  const [open, closed] = await Promise.all([
    rows()
      .where(and(visibleTo(viewer), inArray(signalements.status, OPEN)))
      .orderBy(desc(signalements.created_at)),
    rows()
      .where(and(visibleTo(viewer), sql`not ${isOpen}`))
      .orderBy(desc(signalements.updated_at))
      .limit(closedMax),
  ]);
  return [...open, ...closed];
}

export async function findOne(db: Executor, id: string) {
  const [row] = await db
    .select({ s: signalements, ...lotColumns })
    .from(signalements)
    .leftJoin(lots, eq(lots.id, signalements.lot_id))
    .where(eq(signalements.id, id))
    .limit(1);
  return row;
}

/** Locks the report for a change (concurrent moves and 'moi aussi' wait their turn). */
export async function lockOne(tx: Tx, id: string) {
  const [row] = await tx.select().from(signalements).where(eq(signalements.id, id)).for('update').limit(1);
  return row;
}

/** The timeline a co-owner reads: the syndic's internal notes left out. */
export async function eventsOf(db: Executor, id: string) {
  return db
    .select()
    .from(signalementEvents)
    .where(and(eq(signalementEvents.signalement_id, id), eq(signalementEvents.internal, false)))
    .orderBy(asc(signalementEvents.created_at), asc(signalementEvents.id));
}

/** The supporters' names, first to say 'moi aussi' first, and their record ids. */
export async function supportersOf(db: Executor, id: string) {
  return db
    .select({ id: coproprietaires.id, name: coproprietaires.display_name })
    .from(signalementSupporters)
    .innerJoin(coproprietaires, eq(coproprietaires.id, signalementSupporters.coproprietaire_id))
    .where(eq(signalementSupporters.signalement_id, id))
    .orderBy(asc(signalementSupporters.created_at));
}

export async function authorName(db: Executor, recordId: string) {
  const [row] = await db
    .select({ name: coproprietaires.display_name })
    .from(coproprietaires)
    .where(eq(coproprietaires.id, recordId))
    .limit(1);
  return row?.name ?? '';
}

/** The building's council members still in it, with what the visibility rule reads. */
export async function councilOf(db: Executor, coproId: string) {
  return db
    .select({ id: coproprietaires.id, is_member_syndicat: coproprietaires.is_member_syndicat })
    .from(coproprietaires)
    .where(
      and(
        eq(coproprietaires.copropriete_id, coproId),
        eq(coproprietaires.is_member_syndicat, true),
        isNull(coproprietaires.removed_at),
      ),
    );
}

/** The record's lot with this id, if the record holds it. */
export async function ownLot(db: Executor, recordId: string, lotId: string) {
  const [row] = await db
    .select({ id: lots.id })
    .from(coproprietaireLots)
    .innerJoin(lots, eq(lots.id, coproprietaireLots.lot_id))
    .where(and(eq(coproprietaireLots.coproprietaire_id, recordId), eq(lots.id, lotId)))
    .limit(1);
  return row;
}

export async function insertSignalement(tx: Executor, v: typeof signalements.$inferInsert) {
  const [row] = await tx.insert(signalements).values(v).returning();
  return row;
}

export async function insertEvent(tx: Executor, v: typeof signalementEvents.$inferInsert) {
  const [row] = await tx.insert(signalementEvents).values(v).returning();
  return row;
}

export async function updateSignalement(
  tx: Executor,
  id: string,
  v: Partial<typeof signalements.$inferInsert>,
) {
  await tx
    .update(signalements)
    .set({ ...v, updated_at: sql`clock_timestamp()` })
    .where(eq(signalements.id, id));
}

/** Adds the supporter; false when they already were one. Keeps the counter in step. */
export async function addSupporter(tx: Tx, id: string, recordId: string) {
  const added = await tx
    .insert(signalementSupporters)
    .values({ signalement_id: id, coproprietaire_id: recordId })
    .onConflictDoNothing()
    .returning({ id: signalementSupporters.signalement_id });
  if (added.length) await updateCount(tx, id);
  return added.length > 0;
}

export async function removeSupporter(tx: Tx, id: string, recordId: string) {
  const gone = await tx
    .delete(signalementSupporters)
    .where(
      and(
        eq(signalementSupporters.signalement_id, id),
        eq(signalementSupporters.coproprietaire_id, recordId),
      ),
    )
    .returning({ id: signalementSupporters.signalement_id });
  if (gone.length) await updateCount(tx, id);
  return gone.length > 0;
}

function updateCount(tx: Tx, id: string) {
  return tx
    .update(signalements)
    .set({
      supporters: sql`(select count(*) from ${signalementSupporters} x where x.signalement_id = ${id})::int`,
      updated_at: sql`clock_timestamp()`,
    })
    .where(eq(signalements.id, id));
}
