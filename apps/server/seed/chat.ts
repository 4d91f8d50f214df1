import { eq } from 'drizzle-orm';
import type { Db } from '../src/db/client.js';
import { administrators, coproprietaires, users } from '../src/db/schema/index.js';
import { hashPassword } from '../src/lib/password.js';
import { DEMO_PASSWORD } from './accounts.js';
import { newId, type SeedContext } from './context.js';
import type { AdminInfo } from './syndics.js';
import { userRow } from './builders/rows.js';

export const STAFF_EMAIL = 's.garnier@lefevre-immobilier.fr';

/**
 * Sophie Garnier, gestionnaire at Cabinet Lefèvre Immobilier, signs in to answer the
 * conversations co-owners of the syndic's buildings open with 'the syndic' (staff inbox).
 * The user row goes in with the other rows; `link` ties her administrator row to it after the flush.
 */
export async function seedChatStaff(ctx: SeedContext, garnier: AdminInfo) {
  const userId = newId();
  ctx.rows.add(
    users,
    userRow({
      id: userId,
      email: STAFF_EMAIL,
      phone: '+33671245893',
      first_name: garnier.first_name,
      last_name: garnier.last_name,
      password_hash: await hashPassword(DEMO_PASSWORD),
      created_at: ctx.clock.daysAgo(400, '08:30'),
      updated_at: ctx.clock.daysAgo(400, '08:30'),
    }),
  );
  return {
    userId,
    link: async (db: Db) => {
      await db.update(administrators).set({ user_id: userId }).where(eq(administrators.id, garnier.id));
    },
  };
}

export const COUNCIL_EMAIL = 'jp.rousseau@example.fr';

/**
 * Jean-Pierre Rousseau, council member at Les Tilleuls, with an account: the second council member
 * who verifies the accounts with Claire (and sees her checks live). His record is attached after
 * the flush, onboarding done.
 */
export async function seedCouncilMember(ctx: SeedContext, recordId: string) {
  const userId = newId();
  ctx.rows.add(
    users,
    userRow({
      id: userId,
      email: COUNCIL_EMAIL,
      phone: '+33608441972',
      first_name: 'Jean-Pierre',
      last_name: 'Rousseau',
      password_hash: await hashPassword(DEMO_PASSWORD),
      created_at: ctx.clock.daysAgo(300, '20:10'),
      updated_at: ctx.clock.daysAgo(300, '20:10'),
    }),
  );
  return {
    userId,
    link: async (db: Db) => {
      await db
        .update(coproprietaires)
        .set({ user_id: userId, attached_at: ctx.clock.daysAgo(300, '20:12'), init_settings_done: true })
        .where(eq(coproprietaires.id, recordId));
    },
  };
}
