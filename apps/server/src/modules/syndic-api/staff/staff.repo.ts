import type { StaffBody } from '@tantieme/contract';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { administrators, coproprietaires, users } from '../../../db/schema/index.js';
import type { Executor, Tx } from '../kit/index.js';

export const ADMIN = 'administrator';

export interface StaffRow extends StaffBody {
  user_id: string | null;
  has_password: boolean;
  disabled_at: Date | null;
}

/** The syndic's gestionnaires by id, with their account (email '' when they have none). */
export async function loadStaff(db: Executor, syndicId: string, ids: string[]) {
  const rows = await db
    .select({ a: administrators, email: users.email, password_hash: users.password_hash })
    .from(administrators)
    .leftJoin(users, eq(users.id, administrators.user_id))
    .where(and(eq(administrators.syndic_id, syndicId), inArray(administrators.id, ids)));
  return new Map(
    rows.map(({ a, email, password_hash }): [string, StaffRow] => [
      a.id,
      {
        first_name: a.first_name,
        last_name: a.last_name,
        display_name: a.display_name,
        role: a.role as StaffBody['role'],
        email: email ?? '',
        user_id: a.user_id,
        has_password: !!password_hash,
        disabled_at: a.disabled_at,
      },
    ]),
  );
}

const adminFields = (d: StaffBody) => ({
  first_name: d.first_name,
  last_name: d.last_name,
  display_name: d.display_name,
  role: d.role,
});

export async function insertAdministrator(tx: Tx, syndicId: string, id: string, d: StaffBody) {
  await tx
    .insert(administrators)
    .values({ id, syndic_id: syndicId, ...adminFields(d), emails: [{ value: d.email }] });
}

export async function updateAdministrator(tx: Tx, syndicId: string, id: string, d: StaffBody) {
  await tx
    .update(administrators)
    .set(adminFields(d))
    .where(and(eq(administrators.id, id), eq(administrators.syndic_id, syndicId)));
}

export async function findUserByEmail(db: Executor, email: string) {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`)
    .limit(1);
  return row ?? null;
}

/** Whether a user is already someone's staff account (administrators.user_id is unique). */
export async function administratorOfUser(db: Executor, userId: string) {
  const [row] = await db
    .select({ id: administrators.id, syndic_id: administrators.syndic_id })
    .from(administrators)
    .where(eq(administrators.user_id, userId))
    .limit(1);
  return row ?? null;
}

/** A staff account: no password yet (the invitation leads to choosing one), no phone yet. */
export async function insertUser(tx: Tx, v: { email: string; first_name: string; last_name: string }) {
  const [row] = await tx.insert(users).values(v).returning({ id: users.id });
  return row!.id;
}

export async function linkUser(tx: Tx, syndicId: string, id: string, userId: string) {
  await tx
    .update(administrators)
    .set({ user_id: userId })
    .where(and(eq(administrators.id, id), eq(administrators.syndic_id, syndicId)));
}

export async function disable(tx: Tx, syndicId: string, id: string, at: Date) {
  const rows = await tx
    .update(administrators)
    .set({ disabled_at: at })
    .where(
      and(
        eq(administrators.id, id),
        eq(administrators.syndic_id, syndicId),
        isNull(administrators.disabled_at),
      ),
    )
    .returning({ id: administrators.id });
  return rows.length === 1;
}

export async function enable(tx: Tx, syndicId: string, id: string) {
  const rows = await tx
    .update(administrators)
    .set({ disabled_at: null })
    .where(
      and(
        eq(administrators.id, id),
        eq(administrators.syndic_id, syndicId),
        sql`${administrators.disabled_at} is not null`,
      ),
    )
    .returning({ id: administrators.id });
  return rows.length === 1;
}

/** Whether the user holds a co-owner record (then disabling their staff access keeps their sign-in). */
export async function holdsRecord(db: Executor, userId: string) {
  const [row] = await db
    .select({ id: coproprietaires.id })
    .from(coproprietaires)
    .where(eq(coproprietaires.user_id, userId))
    .limit(1);
  return !!row;
}
