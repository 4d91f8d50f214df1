import { eq } from 'drizzle-orm';
import { syndics, users } from '../../db/schema/index.js';
import type { Exec } from '../identity/exec.js';

export async function insertUser(db: Exec, v: typeof users.$inferInsert) {
  const [row] = await db.insert(users).values(v).returning();
  return row;
}

export async function updateUser(db: Exec, id: string, v: Partial<typeof users.$inferInsert>) {
  const [row] = await db
    .update(users)
    .set({ ...v, updated_at: new Date() })
    .where(eq(users.id, id))
    .returning();
  return row;
}

export async function findSyndicByAlias(db: Exec, alias: string) {
  const [row] = await db
    .select({ name: syndics.name, logo_url: syndics.logo_url, use_synple: syndics.use_synple })
    .from(syndics)
    .where(eq(syndics.alias, alias.trim().toLowerCase()))
    .limit(1);
  return row;
}
