import { and, eq, lt } from 'drizzle-orm';
import { qrCodes } from '../../db/schema/index.js';
import type { Exec } from '../identity/exec.js';

export async function insert(db: Exec, v: typeof qrCodes.$inferInsert) {
  const [row] = await db.insert(qrCodes).values(v).returning();
  return row;
}
export async function byId(db: Exec, id: string) {
  const [row] = await db.select().from(qrCodes).where(eq(qrCodes.id, id)).limit(1);
  return row;
}
export async function byCode(db: Exec, code: string) {
  const [row] = await db.select().from(qrCodes).where(eq(qrCodes.code, code)).limit(1);
  return row;
}
/** Moves a code from one status to the next; false if it was not in `from` anymore. */
export async function transition(
  db: Exec,
  id: string,
  from: string[],
  v: Partial<typeof qrCodes.$inferInsert>,
) {
  const row = await byId(db, id);
  if (!row || !from.includes(row.status)) return false;
  const rows = await db
    .update(qrCodes)
    .set(v)
    .where(and(eq(qrCodes.id, id), eq(qrCodes.status, row.status)))
    .returning({ id: qrCodes.id });
  return rows.length === 1;
}
export async function remove(db: Exec, id: string) {
  const rows = await db.delete(qrCodes).where(eq(qrCodes.id, id)).returning({ id: qrCodes.id });
  return rows.length === 1;
}
export async function purgeExpired(db: Exec) {
  await db.delete(qrCodes).where(lt(qrCodes.expiration_date, new Date(Date.now() - 3600_000)));
}
