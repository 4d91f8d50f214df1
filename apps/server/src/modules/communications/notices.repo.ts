import { and, asc, count, desc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { Db, Executor, Tx } from '../../db/client.js';
import {
  communicationNotices,
  communicationReads,
  communications,
  coproprietaireLots,
  coproprietaires,
  lots,
  lotTantiemes,
  repartitions,
} from '../../db/schema/index.js';

/** A co-owner a notice may reach: still in the building, not anonymised. */
const present = (coproId: string) =>
  and(
    eq(coproprietaires.copropriete_id, coproId),
    isNull(coproprietaires.removed_at),
    isNull(coproprietaires.anonymised_at),
  );

const recipientCols = {
  id: coproprietaires.id,
  name: coproprietaires.display_name,
  contacts: coproprietaires.contacts,
};

export function ownersOfBuilding(db: Executor, coproId: string) {
  return db
    .select(recipientCols)
    .from(coproprietaires)
    .where(present(coproId))
    .orderBy(asc(coproprietaires.display_name), asc(coproprietaires.id));
}

/** The owners of the lots that bear a share of the key (a staircase, a bâtiment). */
export function ownersOfKey(db: Executor, coproId: string, repartitionId: string) {
  return db
    .selectDistinct(recipientCols)
    .from(coproprietaires)
    .innerJoin(coproprietaireLots, eq(coproprietaireLots.coproprietaire_id, coproprietaires.id))
    .innerJoin(lotTantiemes, eq(lotTantiemes.lot_id, coproprietaireLots.lot_id))
    .where(
      and(present(coproId), eq(lotTantiemes.repartition_id, repartitionId), gt(lotTantiemes.tantieme, 0)),
    )
    .orderBy(asc(coproprietaires.display_name), asc(coproprietaires.id));
}

export function ownersIn(db: Executor, coproId: string, ids: string[]) {
  if (!ids.length) return Promise.resolve([]);
  return db
    .select(recipientCols)
    .from(coproprietaires)
    .where(and(present(coproId), inArray(coproprietaires.id, ids)))
    .orderBy(asc(coproprietaires.display_name), asc(coproprietaires.id));
}

export function keysOf(db: Executor, coproId: string) {
  return db
    .select({ id: repartitions.id, code: repartitions.code, name: repartitions.name })
    .from(repartitions)
    .where(eq(repartitions.copropriete_id, coproId))
    .orderBy(asc(repartitions.code));
}

/** Each record's lot numbers. */
export function lotNumbersOf(db: Executor, ownerIds: string[]) {
  if (!ownerIds.length) return Promise.resolve([]);
  return db
    .select({ owner: coproprietaireLots.coproprietaire_id, number: lots.lot_id })
    .from(coproprietaireLots)
    .innerJoin(lots, eq(lots.id, coproprietaireLots.lot_id))
    .where(inArray(coproprietaireLots.coproprietaire_id, ownerIds));
}

export async function insertNotice(
  tx: Tx,
  notice: typeof communicationNotices.$inferInsert,
  rows: (typeof communications.$inferInsert)[],
) {
  await tx.insert(communicationNotices).values(notice);
  if (rows.length) await tx.insert(communications).values(rows);
}

/** A corrected subject or text reaches every recipient's row. */
export async function updateNoticeText(tx: Tx, id: string, subject: string, html: string) {
  await tx
    .update(communicationNotices)
    .set({ subject, html_body: html })
    .where(eq(communicationNotices.id, id));
  await tx.update(communications).set({ subject, html_body: html }).where(eq(communications.notice_id, id));
}

export function noticesByIds(db: Executor, syndicId: string, ids: string[]) {
  if (!ids.length) return Promise.resolve([]);
  return db
    .select()
    .from(communicationNotices)
    .where(and(inArray(communicationNotices.id, ids), eq(communicationNotices.syndic_id, syndicId)));
}

/** Each notice's recipients, with the first time they opened it. */
export function recipientsOf(db: Executor, noticeIds: string[]) {
  if (!noticeIds.length) return Promise.resolve([]);
  return db
    .select({
      notice_id: communications.notice_id,
      coproprietaire_id: communications.coproprietaire_id,
      name: coproprietaires.display_name,
      read_at: communicationReads.read_at,
    })
    .from(communications)
    .innerJoin(coproprietaires, eq(coproprietaires.id, communications.coproprietaire_id))
    .leftJoin(communicationReads, eq(communicationReads.communication_id, communications.id))
    .where(inArray(communications.notice_id, noticeIds))
    .orderBy(asc(coproprietaires.display_name), asc(communications.coproprietaire_id));
}

/** A building's notices, newest first, with their recipients and readers counted. */
export function noticesOfBuilding(db: Db, coproId: string) {
  return db
    .select({
      n: communicationNotices,
      recipients: count(communications.id),
      read: count(communicationReads.communication_id),
    })
    .from(communicationNotices)
    .leftJoin(communications, eq(communications.notice_id, communicationNotices.id))
    .leftJoin(communicationReads, eq(communicationReads.communication_id, communications.id))
    .where(eq(communicationNotices.copropriete_id, coproId))
    .groupBy(communicationNotices.id)
    .orderBy(desc(communicationNotices.created_date), desc(communicationNotices.id))
    .limit(200);
}

export async function noticeOfBuilding(db: Executor, coproId: string, id: string) {
  const [row] = await db
    .select()
    .from(communicationNotices)
    .where(and(eq(communicationNotices.id, id), eq(communicationNotices.copropriete_id, coproId)))
    .limit(1);
  return row;
}

/** The recipient's first opening: kept once (the primary key), whatever the later ones. */
export async function markRead(db: Executor, communicationId: string) {
  const [first] = await db
    .insert(communicationReads)
    .values({ communication_id: communicationId })
    .onConflictDoNothing()
    .returning({ read_at: communicationReads.read_at });
  if (first) return { read_at: first.read_at, first: true };
  const [kept] = await db
    .select({ read_at: communicationReads.read_at })
    .from(communicationReads)
    .where(eq(communicationReads.communication_id, communicationId));
  return { read_at: kept!.read_at, first: false };
}

/** The read receipts of some communication rows. */
export function readsOf(db: Executor, ids: string[]) {
  if (!ids.length) return Promise.resolve([]);
  return db
    .select()
    .from(communicationReads)
    .where(sql`${communicationReads.communication_id} = any(${sql.param(ids)}::uuid[])`);
}
