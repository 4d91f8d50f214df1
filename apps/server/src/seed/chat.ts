import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { administrators, users } from '../db/schema/index.js';
import { hashPassword } from '../lib/password.js';
import { DEMO_PASSWORD } from './accounts.js';
import { newId, type SeedContext } from './context.js';
import type { AdminInfo } from './syndics.js';

export const STAFF_EMAIL = 's.garnier@lefevre-immobilier.fr';

/**
 * Sophie Garnier, gestionnaire at Cabinet Lefèvre Immobilier, signs in to answer the
 * conversations co-owners of the syndic's buildings open with 'the syndic' (staff inbox).
 * The user row goes in with the other rows; `link` ties her administrator row to it after the flush.
 */
export async function seedChatStaff(ctx: SeedContext, garnier: AdminInfo) {
  const userId = newId();
  ctx.rows.add(users, {
    id: userId,
    email: STAFF_EMAIL,
    phone: '+33671245893',
    first_name: garnier.first_name,
    last_name: garnier.last_name,
    password_hash: await hashPassword(DEMO_PASSWORD),
    created_at: ctx.clock.daysAgo(400, '08:30'),
    updated_at: ctx.clock.daysAgo(400, '08:30'),
  });
  return {
    userId,
    link: async (db: Db) => {
      await db.update(administrators).set({ user_id: userId }).where(eq(administrators.id, garnier.id));
    },
  };
}
