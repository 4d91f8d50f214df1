import { and, asc, desc, eq, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import type { Executor, Tx } from '../../db/client.js';
import {
  administrators,
  coproprieteAdministrators,
  coproprietaires,
  lots,
  signalementEvents,
  signalements,
  signalementSupporters,
} from '../../db/schema/index.js';

/** The SQL of the syndic's board of a building's signalements (the console). */

const OPEN = ['NOUVEAU', 'PRIS_EN_COMPTE', 'PLANIFIE'];

const card = {
  s: signalements,
  lot_number: lots.lot_id,
  lot_name: lots.name,
  author: coproprietaires.display_name,
  assignee_name: administrators.display_name,
};

const cards = (db: Executor) =>
  db
    .select(card)
    .from(signalements)
    .innerJoin(coproprietaires, eq(coproprietaires.id, signalements.author_id))
    .leftJoin(lots, eq(lots.id, signalements.lot_id))
    .leftJoin(administrators, eq(administrators.id, signalements.assignee_id));

export type CardRow = Awaited<ReturnType<typeof oneCard>> & {};

/** A building's open reports and its latest closed ones; merged duplicates left out. */
export async function boardOf(db: Executor, coproId: string, closedMax: number) {
  const mine = and(eq(signalements.copropriete_id, coproId), isNull(signalements.merged_into_id));
  const [open, closed] = await Promise.all([
    cards(db)
      .where(and(mine, inArray(signalements.status, OPEN)))
      .orderBy(desc(signalements.created_at)),
    cards(db)
      .where(and(mine, sql`${signalements.status} not in ('NOUVEAU', 'PRIS_EN_COMPTE', 'PLANIFIE')`))
      .orderBy(desc(signalements.updated_at))
      .limit(closedMax),
  ]);
  return [...open, ...closed];
}

/** One report of the building, or undefined (another building's is not found). */
export async function oneCard(db: Executor, coproId: string, id: string) {
  const [row] = await cards(db)
    .where(and(eq(signalements.id, id), eq(signalements.copropriete_id, coproId)))
    .limit(1);
  return row;
}

/** The whole timeline, the syndic's internal notes included. */
export function allEvents(db: Executor, id: string) {
  return db
    .select()
    .from(signalementEvents)
    .where(eq(signalementEvents.signalement_id, id))
    .orderBy(asc(signalementEvents.created_at), asc(signalementEvents.id));
}

/** The building's other open reports, not merged, newest first (what a duplicate may join). */
export function mergeCandidates(db: Executor, coproId: string, id: string) {
  return db
    .select({ id: signalements.id, title: signalements.title, status: signalements.status })
    .from(signalements)
    .where(
      and(
        eq(signalements.copropriete_id, coproId),
        ne(signalements.id, id),
        isNull(signalements.merged_into_id),
        inArray(signalements.status, OPEN),
      ),
    )
    .orderBy(desc(signalements.created_at))
    .limit(50);
}

/**
 * The staff who reach the building, enabled: its syndic's administrateurs (every building) and
 * the members given this building.
 */
export function assignableStaff(db: Executor, syndicId: string, coproId: string) {
  const given = sql`exists (select 1 from ${coproprieteAdministrators} ca where ca.administrator_id = ${administrators.id} and ca.copropriete_id = ${coproId})`;
  return db
    .select({ id: administrators.id, name: administrators.display_name })
    .from(administrators)
    .where(
      and(
        eq(administrators.syndic_id, syndicId),
        isNull(administrators.disabled_at),
        or(inArray(administrators.role, ['administrateur', 'direction']), given),
      ),
    )
    .orderBy(asc(administrators.display_name));
}

/** Moves every supporter of `from` to `into`, and its author too unless they wrote `into`. */
export async function moveFollowers(
  tx: Tx,
  from: { id: string; author_id: string },
  into: { id: string; author_id: string },
) {
  const followers = await tx
    .select({ id: signalementSupporters.coproprietaire_id })
    .from(signalementSupporters)
    .where(eq(signalementSupporters.signalement_id, from.id));
  const ids = [...new Set([from.author_id, ...followers.map((f) => f.id)])].filter(
    (id) => id !== into.author_id,
  );
  if (ids.length)
    await tx
      .insert(signalementSupporters)
      .values(ids.map((coproprietaire_id) => ({ signalement_id: into.id, coproprietaire_id })))
      .onConflictDoNothing();
  await tx
    .update(signalements)
    .set({
      supporters: sql`(select count(*) from ${signalementSupporters} x where x.signalement_id = ${into.id})::int`,
      updated_at: sql`clock_timestamp()`,
    })
    .where(eq(signalements.id, into.id));
  return ids;
}
