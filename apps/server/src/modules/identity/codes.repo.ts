import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Exec } from './exec.js';
import { verificationCodes } from '../../db/schema/index.js';

export async function insertCode(db: Exec, v: typeof verificationCodes.$inferInsert) {
  const [row] = await db.insert(verificationCodes).values(v).returning();
  return row;
}

/** The newest code of a purpose and target that was not used yet. */
export async function latestOpenCode(db: Exec, purpose: string, target: string) {
  const [row] = await db
    .select()
    .from(verificationCodes)
    .where(
      and(
        eq(verificationCodes.purpose, purpose),
        eq(verificationCodes.target, target),
        isNull(verificationCodes.consumed_at),
      ),
    )
    .orderBy(desc(verificationCodes.created_at))
    .limit(1);
  return row;
}

/** Codes sent to a target since a time: how many, and when the oldest of them was sent. */
export async function countSince(db: Exec, purpose: string, target: string, since: Date) {
  const [row] = await db
    .select({
      n: sql<number>`count(*)::int`,
      oldest: sql<number | null>`extract(epoch from min(${verificationCodes.created_at}))::float8`,
    })
    .from(verificationCodes)
    .where(
      and(
        eq(verificationCodes.purpose, purpose),
        eq(verificationCodes.target, target),
        gt(verificationCodes.created_at, since),
      ),
    );
  return { n: row?.n ?? 0, oldest: row?.oldest != null ? new Date(Number(row.oldest) * 1000) : null };
}

export async function latestCreated(db: Exec, purpose: string, target: string) {
  const [row] = await db
    .select({ created_at: verificationCodes.created_at })
    .from(verificationCodes)
    .where(and(eq(verificationCodes.purpose, purpose), eq(verificationCodes.target, target)))
    .orderBy(desc(verificationCodes.created_at))
    .limit(1);
  return row?.created_at ?? null;
}

/** Counts a wrong try; returns the new count (atomic). */
export async function addAttempt(db: Exec, id: string) {
  const [row] = await db
    .update(verificationCodes)
    .set({ attempts: sql`${verificationCodes.attempts} + 1` })
    .where(eq(verificationCodes.id, id))
    .returning({ attempts: verificationCodes.attempts });
  return row?.attempts ?? 0;
}

/** Marks a code used; false if it was used meanwhile (single use under concurrency). */
export async function consume(db: Exec, id: string) {
  const rows = await db
    .update(verificationCodes)
    .set({ consumed_at: new Date() })
    .where(and(eq(verificationCodes.id, id), isNull(verificationCodes.consumed_at)))
    .returning({ id: verificationCodes.id });
  return rows.length === 1;
}

/** Closes every open code of a purpose and target (a new code replaces the old ones). */
export async function closeOpen(db: Exec, purpose: string, target: string) {
  await db
    .update(verificationCodes)
    .set({ consumed_at: new Date() })
    .where(
      and(
        eq(verificationCodes.purpose, purpose),
        eq(verificationCodes.target, target),
        isNull(verificationCodes.consumed_at),
      ),
    );
}

export async function findById(db: Exec, id: string) {
  const [row] = await db.select().from(verificationCodes).where(eq(verificationCodes.id, id)).limit(1);
  return row;
}

/** Binds a verified register code to the account it created (it cannot create a second one). */
export async function bindUser(db: Exec, id: string, userId: string) {
  const rows = await db
    .update(verificationCodes)
    .set({ user_id: userId })
    .where(and(eq(verificationCodes.id, id), isNull(verificationCodes.user_id)))
    .returning({ id: verificationCodes.id });
  return rows.length === 1;
}
