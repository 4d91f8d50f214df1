import { and, asc, count, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { communicationAttachments, communications, files } from '../../db/schema/index.js';

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

export function attachmentsOf(db: Db, ids: string[]) {
  if (!ids.length) return Promise.resolve([]);
  return db
    .select({
      id: communicationAttachments.id,
      communication_id: communicationAttachments.communication_id,
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
