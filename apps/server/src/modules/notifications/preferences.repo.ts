import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { notificationPreferences, users } from '../../db/schema/index.js';

export async function findPreferences(db: Db, coproprietaireId: string) {
  return db
    .select({
      kind: notificationPreferences.kind,
      channel: notificationPreferences.channel,
      enabled: notificationPreferences.enabled,
    })
    .from(notificationPreferences)
    .where(eq(notificationPreferences.coproprietaire_id, coproprietaireId));
}

export async function upsertPreferences(
  db: Db,
  coproprietaireId: string,
  cells: { kind: string; channel: string; enabled: boolean }[],
) {
  if (cells.length === 0) return;
  await db
    .insert(notificationPreferences)
    .values(cells.map((c) => ({ coproprietaire_id: coproprietaireId, ...c })))
    .onConflictDoUpdate({
      target: [
        notificationPreferences.coproprietaire_id,
        notificationPreferences.kind,
        notificationPreferences.channel,
      ],
      set: { enabled: sql`excluded.enabled`, updated_at: sql`now()` },
    });
}

export async function accountPhone(db: Db, userId: string | null) {
  if (!userId) return null;
  const [u] = await db.select({ phone: users.phone }).from(users).where(eq(users.id, userId));
  return u?.phone ?? null;
}
