import { and, asc, eq, isNotNull } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { administrators, coproprieteAdministrators, coproprietes, users } from '../../db/schema/index.js';
import { anyOf } from '../syndic-api/kit/index.js';

/** The syndic's staff members (gestionnaires with an account), with their buildings. */
export async function staffOf(db: Executor, syndicId: string, ids?: string[]) {
  const where = [eq(administrators.syndic_id, syndicId), isNotNull(administrators.user_id)];
  if (ids) where.push(anyOf(administrators.id, ids));
  const rows = await db
    .select({ a: administrators, email: users.email, has_password: isNotNull(users.password_hash) })
    .from(administrators)
    .innerJoin(users, eq(users.id, administrators.user_id))
    .where(and(...where))
    .orderBy(asc(administrators.last_name), asc(administrators.first_name), asc(administrators.id));
  const buildings = rows.length
    ? await db
        .select({
          staff: coproprieteAdministrators.administrator_id,
          id: coproprietes.id,
          name: coproprietes.name,
        })
        .from(coproprieteAdministrators)
        .innerJoin(coproprietes, eq(coproprietes.id, coproprieteAdministrators.copropriete_id))
        .where(
          anyOf(
            coproprieteAdministrators.administrator_id,
            rows.map((r) => r.a.id),
          ),
        )
        .orderBy(asc(coproprietes.name))
    : [];
  return { rows, buildings };
}

/** The ids of the syndic's buildings. */
export async function syndicBuildingIds(db: Executor, syndicId: string) {
  const rows = await db
    .select({ id: coproprietes.id })
    .from(coproprietes)
    .where(eq(coproprietes.syndic_id, syndicId));
  return new Set(rows.map((r) => r.id));
}

export async function administratorIds(db: Executor, syndicId: string) {
  const rows = await db
    .select({ id: administrators.id })
    .from(administrators)
    .where(eq(administrators.syndic_id, syndicId));
  return rows.map((r) => r.id);
}
