import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { messages, notifications, unread } from '../../db/schema/index.js';

/** Unread notifications and messages per record, for realtime totals (one statement each). */
export async function unreadTotals(db: Db, coproprietaireIds: string[]) {
  if (coproprietaireIds.length === 0) return new Map<string, { n: number; m: number }>();
  const [ns, ms] = await Promise.all([
    db
      .select({ id: notifications.coproprietaire_id, n: sql<number>`count(*)`.mapWith(Number) })
      .from(notifications)
      .where(and(inArray(notifications.coproprietaire_id, coproprietaireIds), unread(notifications)))
      .groupBy(notifications.coproprietaire_id),
    db
      .select({ id: messages.coproprietaire_id, n: sql<number>`count(*)`.mapWith(Number) })
      .from(messages)
      .where(and(inArray(messages.coproprietaire_id, coproprietaireIds), unread(messages)))
      .groupBy(messages.coproprietaire_id),
  ]);
  const out = new Map(coproprietaireIds.map((id) => [id, { n: 0, m: 0 }]));
  for (const r of ns) if (r.id) out.get(r.id)!.n = r.n;
  for (const r of ms) out.get(r.id)!.m = r.n;
  return out;
}

/** Unread notifications of a user without a record. */
export async function unreadOwn(db: Db, userId: string) {
  const [c] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(notifications)
    .where(
      and(eq(notifications.user_id, userId), isNull(notifications.coproprietaire_id), unread(notifications)),
    );
  return c.n;
}
