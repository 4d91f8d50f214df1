import { and, asc, count, desc, eq, inArray } from 'drizzle-orm';
import type { Db, Executor, Tx } from '../../db/client.js';
import { communicationAttachments, communications, coproprietaires, files } from '../../db/schema/index.js';

export type Method = 'postal' | 'email' | 'sms';

export async function listPage(
  db: Db,
  coproprietaireId: string,
  method: Method,
  limit: number,
  offset: number,
) {
  const where = and(
    eq(communications.coproprietaire_id, coproprietaireId),
    eq(communications.sending_method, method),
  );
  const [rows, [{ total }]] = await Promise.all([
    db
      .select()
      .from(communications)
      .where(where)
      .orderBy(desc(communications.created_date), asc(communications.id))
      .limit(limit)
      .offset(offset),
    db.select({ total: count() }).from(communications).where(where),
  ]);
  return { rows, total };
}

export async function findOne(db: Db, id: string) {
  const [row] = await db.select().from(communications).where(eq(communications.id, id)).limit(1);
  return row;
}

/** The attachments of some communications, by name (read by the co-owner and the syndic API). */
export function attachmentsOf(db: Executor, ids: string[]) {
  if (!ids.length) return Promise.resolve([]);
  return db
    .select({
      id: communicationAttachments.id,
      communication_id: communicationAttachments.communication_id,
      file_id: communicationAttachments.file_id,
      name: communicationAttachments.name,
      storage_key: files.storage_key,
      content_type: files.content_type,
      size: files.size,
    })
    .from(communicationAttachments)
    .innerJoin(files, eq(files.id, communicationAttachments.file_id))
    .where(inArray(communicationAttachments.communication_id, ids))
    .orderBy(asc(communicationAttachments.name));
}

// ── written by the syndic (its API) ─────────────────────────────────────────────

/** Each record's copropriété. */
export function recordsByIds(db: Executor, ids: string[]) {
  if (!ids.length) return Promise.resolve([]);
  return db
    .select({ id: coproprietaires.id, copropriete_id: coproprietaires.copropriete_id })
    .from(coproprietaires)
    .where(inArray(coproprietaires.id, ids));
}

export function communicationsByIds(db: Executor, syndicId: string, ids: string[]) {
  if (!ids.length) return Promise.resolve([]);
  return db
    .select()
    .from(communications)
    .where(and(inArray(communications.id, ids), eq(communications.syndic_id, syndicId)));
}

export async function upsertCommunicationRow(
  tx: Tx,
  id: string,
  row: Omit<typeof communications.$inferInsert, 'id'>,
  exists: boolean,
) {
  if (exists) await tx.update(communications).set(row).where(eq(communications.id, id));
  else await tx.insert(communications).values({ id, ...row });
}

export async function replaceAttachments(
  tx: Tx,
  communicationId: string,
  rows: { file_id: string; name: string }[],
) {
  await tx
    .delete(communicationAttachments)
    .where(eq(communicationAttachments.communication_id, communicationId));
  if (rows.length)
    await tx
      .insert(communicationAttachments)
      .values(rows.map((r) => ({ communication_id: communicationId, ...r })));
}

export async function deleteCommunication(tx: Tx, id: string) {
  await tx.delete(communications).where(eq(communications.id, id));
}

export async function insertCommunication(
  tx: Executor,
  v: typeof communications.$inferInsert,
  attachment: { file_id: string; name: string } | null,
) {
  const [row] = await tx.insert(communications).values(v).returning({ id: communications.id });
  if (attachment)
    await tx.insert(communicationAttachments).values({ communication_id: row.id, ...attachment });
  return row.id;
}
