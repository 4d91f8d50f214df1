import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { devices } from '../../db/schema/index.js';

// The browsers a user registered for push (SPEC §3), one row per subscription.

export async function upsertDevice(db: Db, userId: string, v: Omit<typeof devices.$inferInsert, 'user_id'>) {
  const [row] = await db
    .insert(devices)
    .values({ ...v, user_id: userId })
    .onConflictDoUpdate({
      target: [devices.user_id, devices.device_token],
      set: {
        device_name: v.device_name,
        device_language: v.device_language,
        device_info: v.device_info,
        device_gmt: v.device_gmt,
        status: v.status,
      },
    })
    .returning();
  return row;
}

export async function deleteDevice(db: Db, userId: string, token: string) {
  const rows = await db
    .delete(devices)
    .where(and(eq(devices.user_id, userId), eq(devices.device_token, token)))
    .returning({ id: devices.id });
  return rows.length > 0;
}
