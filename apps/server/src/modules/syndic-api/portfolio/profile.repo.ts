import { and, asc, eq, ne } from 'drizzle-orm';
import { syndicContacts, syndics } from '../../../db/schema/index.js';
import type { Executor } from '../kit/index.js';

export async function findSyndic(db: Executor, id: string) {
  const [row] = await db.select().from(syndics).where(eq(syndics.id, id)).limit(1);
  return row;
}

export function listContacts(db: Executor, syndicId: string) {
  return db
    .select()
    .from(syndicContacts)
    .where(eq(syndicContacts.syndic_id, syndicId))
    .orderBy(asc(syndicContacts.sort));
}

export async function aliasTakenByOther(db: Executor, syndicId: string, alias: string) {
  const [row] = await db
    .select({ id: syndics.id })
    .from(syndics)
    .where(and(eq(syndics.alias, alias), ne(syndics.id, syndicId)))
    .limit(1);
  return Boolean(row);
}

export async function updateSyndic(db: Executor, id: string, v: Partial<typeof syndics.$inferInsert>) {
  await db.update(syndics).set(v).where(eq(syndics.id, id));
}

export async function replaceContacts(
  db: Executor,
  syndicId: string,
  contacts: Omit<typeof syndicContacts.$inferInsert, 'syndic_id' | 'sort'>[],
) {
  await db.delete(syndicContacts).where(eq(syndicContacts.syndic_id, syndicId));
  if (contacts.length)
    await db
      .insert(syndicContacts)
      .values(contacts.map((c, i) => ({ ...c, syndic_id: syndicId, sort: i + 1 })));
}
