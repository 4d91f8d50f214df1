import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import {
  administrators,
  coproprieteAdministrators,
  coproprietes,
  syndics,
  users,
} from '../../db/schema/index.js';

/** The user's live staff membership (not disabled, in a syndic not disabled), or undefined. */
export async function staffOfUser(db: Executor, userId: string) {
  const [row] = await db
    .select({
      id: administrators.id,
      role: administrators.role,
      display_name: administrators.display_name,
      first_name: administrators.first_name,
      last_name: administrators.last_name,
      syndic: { id: syndics.id, name: syndics.name, alias: syndics.alias },
    })
    .from(administrators)
    .innerJoin(syndics, eq(syndics.id, administrators.syndic_id))
    .where(
      and(
        eq(administrators.user_id, userId),
        isNull(administrators.disabled_at),
        eq(syndics.disabled, false),
      ),
    )
    .limit(1);
  return row;
}

/** The buildings a staff member is given. */
export async function assignedBuildingIds(db: Executor, staffId: string) {
  const rows = await db
    .select({ id: coproprieteAdministrators.copropriete_id })
    .from(coproprieteAdministrators)
    .where(eq(coproprieteAdministrators.administrator_id, staffId));
  return rows.map((r) => r.id);
}

/** The buildings whose volunteer syndic the user is, with their syndic. */
export async function benevoleBuildings(db: Executor, userId: string) {
  return db
    .select({
      id: coproprietes.id,
      syndic: { id: syndics.id, name: syndics.name, alias: syndics.alias },
    })
    .from(coproprietes)
    .innerJoin(syndics, eq(syndics.id, coproprietes.syndic_id))
    .where(eq(coproprietes.syndic_benevole_user_id, userId))
    .orderBy(asc(coproprietes.name));
}

/** A building with what the console guard decides on. */
export async function buildingForGuard(db: Executor, coproId: string) {
  const [row] = await db
    .select({
      id: coproprietes.id,
      name: coproprietes.name,
      syndic_id: coproprietes.syndic_id,
      syndic_alias: syndics.alias,
      benevole_user_id: coproprietes.syndic_benevole_user_id,
    })
    .from(coproprietes)
    .innerJoin(syndics, eq(syndics.id, coproprietes.syndic_id))
    .where(eq(coproprietes.id, coproId))
    .limit(1);
  return row;
}

export async function isAssigned(db: Executor, staffId: string, coproId: string) {
  const [row] = await db
    .select({ id: coproprieteAdministrators.copropriete_id })
    .from(coproprieteAdministrators)
    .where(
      and(
        eq(coproprieteAdministrators.administrator_id, staffId),
        eq(coproprieteAdministrators.copropriete_id, coproId),
      ),
    )
    .limit(1);
  return !!row;
}

export async function userName(db: Executor, userId: string) {
  const [row] = await db
    .select({ first_name: users.first_name, last_name: users.last_name, email: users.email })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row;
}
