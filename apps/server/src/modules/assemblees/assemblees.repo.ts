import { type Placeholder, and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import {
  assembleeParticipants,
  assembleeRecords,
  assemblees,
  coproprietaireLots,
  coproprietaires,
  coproprietes,
  files,
  lotTantiemes,
  repartitions,
  resolutions,
  syndicExternalRefs,
  votes,
} from '../../db/schema/index.js';

/** A Drizzle transaction (same query API as Db). */
export type { Tx };
export type Q = Db | Tx;

export type AssembleeRow = typeof assemblees.$inferSelect;
export type RecordRow = typeof assembleeRecords.$inferSelect;

/** The record's assemblies, newest first, as a named read (run with the session). */
export function assembleesRead(coproprietaireId: string) {
  return {
    name: 'record_assemblees',
    build: (db: Db) => listForCoproprietaire(db, sql.placeholder('record')),
    values: { record: coproprietaireId },
  };
}

/** The assemblies a co-owner record is convened to, newest first, with the building's name. */
export function listForCoproprietaire(db: Q, coproprietaireId: string | Placeholder) {
  return db
    .select({ assemblee: assemblees, copr_name: coproprietes.name })
    .from(assembleeParticipants)
    .innerJoin(assemblees, eq(assemblees.id, assembleeParticipants.assemblee_id))
    .innerJoin(coproprietes, eq(coproprietes.id, assemblees.copropriete_id))
    .where(eq(assembleeParticipants.coproprietaire_id, coproprietaireId))
    .orderBy(desc(assemblees.date));
}

/** The assembly if the record is one of its participants (else undefined: a 404 for the caller). */
export async function findParticipation(db: Q, assembleeId: string, coproprietaireId: string) {
  const [row] = await db
    .select({ assemblee: assemblees, participant: assembleeParticipants, copr_name: coproprietes.name })
    .from(assembleeParticipants)
    .innerJoin(assemblees, eq(assemblees.id, assembleeParticipants.assemblee_id))
    .innerJoin(coproprietes, eq(coproprietes.id, assemblees.copropriete_id))
    .where(
      and(
        eq(assembleeParticipants.assemblee_id, assembleeId),
        eq(assembleeParticipants.coproprietaire_id, coproprietaireId),
      ),
    )
    .limit(1);
  return row;
}

/** Locks the assembly row for the rest of the transaction: chain appends of one assembly are serialised. */
export async function lockAssemblee(tx: Tx, assembleeId: string) {
  const [row] = await tx.select().from(assemblees).where(eq(assemblees.id, assembleeId)).for('update');
  return row;
}

export function listResolutions(db: Q, assembleeId: string) {
  return db
    .select({ resolution: resolutions, repartition: repartitions })
    .from(resolutions)
    .leftJoin(repartitions, eq(repartitions.id, resolutions.repartition_id))
    .where(eq(resolutions.assemblee_id, assembleeId))
    .orderBy(asc(resolutions.number));
}

export function listOwnVotes(db: Q, coproprietaireId: string, resolutionIds: string[]) {
  if (resolutionIds.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(votes)
    .where(and(eq(votes.coproprietaire_id, coproprietaireId), inArray(votes.resolution_id, resolutionIds)));
}

export function findFiles(db: Q, ids: string[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db.select().from(files).where(inArray(files.id, ids));
}

/** Tantièmes a record holds per repartition id, summed over its lots. */
export async function ownerTantiemes(db: Q, coproprietaireId: string): Promise<Record<string, number>> {
  const rows = await db
    .select({
      repartition_id: lotTantiemes.repartition_id,
      tantiemes: sql<number>`sum(${lotTantiemes.tantieme})::int`,
    })
    .from(coproprietaireLots)
    .innerJoin(lotTantiemes, eq(lotTantiemes.lot_id, coproprietaireLots.lot_id))
    .where(eq(coproprietaireLots.coproprietaire_id, coproprietaireId))
    .groupBy(lotTantiemes.repartition_id);
  return Object.fromEntries(rows.map((r) => [r.repartition_id, Number(r.tantiemes)]));
}

/** Tantièmes per repartition of every record of a copropriété (one query, no N+1). */
export async function coproTantiemes(db: Q, coproprieteId: string) {
  const rows = await db
    .select({
      coproprietaire_id: coproprietaireLots.coproprietaire_id,
      repartition_id: lotTantiemes.repartition_id,
      tantiemes: sql<number>`sum(${lotTantiemes.tantieme})::int`,
    })
    .from(coproprietaireLots)
    .innerJoin(coproprietaires, eq(coproprietaires.id, coproprietaireLots.coproprietaire_id))
    .innerJoin(lotTantiemes, eq(lotTantiemes.lot_id, coproprietaireLots.lot_id))
    .where(eq(coproprietaires.copropriete_id, coproprieteId))
    .groupBy(coproprietaireLots.coproprietaire_id, lotTantiemes.repartition_id);
  const out = new Map<string, Record<string, number>>();
  for (const r of rows) {
    const m = out.get(r.coproprietaire_id) ?? {};
    m[r.repartition_id] = Number(r.tantiemes);
    out.set(r.coproprietaire_id, m);
  }
  return out;
}

export function listParticipants(db: Q, assembleeId: string) {
  return db
    .select({ participant: assembleeParticipants, coproprietaire: coproprietaires })
    .from(assembleeParticipants)
    .innerJoin(coproprietaires, eq(coproprietaires.id, assembleeParticipants.coproprietaire_id))
    .where(eq(assembleeParticipants.assemblee_id, assembleeId));
}

// ---- the chain ----

export async function lastRecord(tx: Q, assembleeId: string) {
  const [row] = await tx
    .select()
    .from(assembleeRecords)
    .where(eq(assembleeRecords.assemblee_id, assembleeId))
    .orderBy(desc(assembleeRecords.seq))
    .limit(1);
  return row;
}

export async function insertRecord(tx: Q, v: typeof assembleeRecords.$inferInsert) {
  const [row] = await tx.insert(assembleeRecords).values(v).returning();
  return row;
}

export function supersedeBallots(tx: Q, assembleeId: string, coproprietaireId: string) {
  return tx
    .update(assembleeRecords)
    .set({ current: false })
    .where(
      and(
        eq(assembleeRecords.assemblee_id, assembleeId),
        eq(assembleeRecords.coproprietaire_id, coproprietaireId),
        eq(assembleeRecords.kind, 'ballot'),
        eq(assembleeRecords.current, true),
      ),
    );
}

export async function currentBallot(db: Q, assembleeId: string, coproprietaireId: string) {
  const [row] = await db
    .select()
    .from(assembleeRecords)
    .where(
      and(
        eq(assembleeRecords.assemblee_id, assembleeId),
        eq(assembleeRecords.coproprietaire_id, coproprietaireId),
        eq(assembleeRecords.kind, 'ballot'),
        eq(assembleeRecords.current, true),
      ),
    )
    .limit(1);
  return row;
}

export function listRecords(db: Q, assembleeId: string) {
  return db
    .select()
    .from(assembleeRecords)
    .where(eq(assembleeRecords.assemblee_id, assembleeId))
    .orderBy(asc(assembleeRecords.seq));
}

export function setReceiptKey(db: Q, recordId: string, key: string) {
  return db.update(assembleeRecords).set({ receipt_key: key }).where(eq(assembleeRecords.id, recordId));
}

/** Replaces the record's choices of an assembly's resolutions by those of a ballot. */
export async function replaceVotes(tx: Tx, coproprietaireId: string, rows: (typeof votes.$inferInsert)[]) {
  if (rows.length === 0) return;
  await tx.delete(votes).where(
    and(
      eq(votes.coproprietaire_id, coproprietaireId),
      inArray(
        votes.resolution_id,
        rows.map((r) => r.resolution_id),
      ),
    ),
  );
  await tx.insert(votes).values(rows);
}

/** One resolution's vote of a co-owner, as shown back to them (the tally reads the chain, not this). */
export async function upsertVote(tx: Tx, row: typeof votes.$inferInsert) {
  await tx
    .insert(votes)
    .values(row)
    .onConflictDoUpdate({
      target: [votes.resolution_id, votes.coproprietaire_id],
      set: {
        vote_value: row.vote_value,
        vote_2_value: row.vote_2_value,
        method: row.method,
        user_id: row.user_id,
        updated_at: row.updated_at,
        record_id: row.record_id,
      },
    });
}

export function setAttendance(
  tx: Q,
  assembleeId: string,
  coproprietaireId: string,
  attendance: string | null,
) {
  return tx
    .update(assembleeParticipants)
    .set({ attendance })
    .where(
      and(
        eq(assembleeParticipants.assemblee_id, assembleeId),
        eq(assembleeParticipants.coproprietaire_id, coproprietaireId),
      ),
    );
}

export async function insertFile(db: Q, v: typeof files.$inferInsert) {
  const [row] = await db.insert(files).values(v).returning();
  return row;
}

export function listAssembleesForReport(db: Q, assembleeId?: string) {
  const q = db.select({ id: assemblees.id, name: assemblees.name, year: assemblees.year }).from(assemblees);
  return (assembleeId ? q.where(eq(assemblees.id, assembleeId)) : q).orderBy(asc(assemblees.date));
}

/** The syndic's external_id of an assembly created through the syndic API (null otherwise). */
export async function assembleeExternalId(db: Q, assembleeId: string) {
  const [row] = await db
    .select({ external_id: syndicExternalRefs.external_id })
    .from(syndicExternalRefs)
    .innerJoin(assemblees, eq(assemblees.id, syndicExternalRefs.internal_id))
    .innerJoin(coproprietes, eq(coproprietes.id, assemblees.copropriete_id))
    .where(
      and(
        eq(syndicExternalRefs.internal_id, assembleeId),
        eq(syndicExternalRefs.resource, 'assemblee'),
        eq(syndicExternalRefs.syndic_id, coproprietes.syndic_id),
      ),
    )
    .limit(1);
  return row?.external_id ?? null;
}
