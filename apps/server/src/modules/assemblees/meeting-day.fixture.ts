import type { Db } from '../../db/client.js';
import { assemblees } from '../../db/schema/index.js';
import { eq } from 'drizzle-orm';

/**
 * Runs `act` as on the meeting's day (start-session opens only then): every assembly of the test
 * database is dated now for the call, then given its date back, so the rest of the test sees the
 * assembly as it was built.
 */
export async function onMeetingDay<T>(db: Db, act: () => Promise<T>): Promise<T> {
  const rows = await db.select({ id: assemblees.id, date: assemblees.date }).from(assemblees);
  await db.update(assemblees).set({ date: new Date() });
  try {
    return await act();
  } finally {
    for (const r of rows) await db.update(assemblees).set({ date: r.date }).where(eq(assemblees.id, r.id));
  }
}
