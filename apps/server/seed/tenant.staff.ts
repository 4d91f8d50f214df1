import { administrators, users } from '../src/db/schema/index.js';
import { administratorRow } from './builders/identity.js';
import { userRow } from './builders/rows.js';
import type { SeedContext } from './context.js';

/**
 * The tenant syndic's administrateur with an account (Nadia Lambert): who names the volunteer
 * syndic and manages the staff in the console. Signs in with the tenant's password.
 */
export function addStaffAdmin(ctx: SeedContext, syndicId: string, tag: string, passwordHash: string) {
  const email = `nadia.lambert.${tag}@essai.example.fr`;
  const user = userRow({
    email,
    first_name: 'Nadia',
    last_name: 'Lambert',
    password_hash: passwordHash,
    created_at: ctx.clock.daysAgo(90),
  });
  ctx.rows.add(users, user);
  ctx.rows.add(
    administrators,
    administratorRow({
      syndic_id: syndicId,
      user_id: user.id,
      first_name: 'Nadia',
      last_name: 'Lambert',
      display_name: 'Nadia Lambert',
      role: 'administrateur',
      emails: [{ value: email }],
    }),
  );
  return { email };
}
