import { type Placeholder, type SQL, and, eq, getTableColumns, gt, isNull, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { prepared } from '../../db/prepared.js';
import { coproprietaires, coproprietes, sessions, syndics, users } from '../../db/schema/index.js';

/**
 * A signed-in user as every request holds it: the row without its password hash, which only
 * the sign-in and the password change read (`passwordHashOf`), so no handler or log line that
 * takes the request's user can carry it.
 */
export type UserRow = Omit<typeof users.$inferSelect, 'password_hash'>;

/** The user's columns but the password hash (what a session reads). */
const { password_hash: _hash, ...columnsButHash } = getTableColumns(users);
export const userColumns = columnsButHash;

export async function insertSession(
  db: Db,
  v: { user_id: string; token_hash: string; expires_at: Date; user_agent?: string },
) {
  const [row] = await db.insert(sessions).values(v).returning();
  return row;
}

/** The session of a token hash (a placeholder, or a marker for session-read.ts), neither revoked nor expired. */
export const liveSessionOf = (hash: SQL | Placeholder) =>
  and(eq(sessions.token_hash, hash), isNull(sessions.revoked_at), gt(sessions.expires_at, sql`now()`));

const liveSessionOfHash = liveSessionOf(sql.placeholder('hash'));

/**
 * The record joined to the session for the id `id` names (see `activeSessionWithRecord`): that
 * record, or else the session user's record in the copropriété with that id.
 */
export const recordNamedBy = (id: SQL | Placeholder) =>
  or(
    eq(coproprietaires.id, id),
    and(eq(coproprietaires.user_id, sessions.user_id), eq(coproprietaires.copropriete_id, id)),
  );

/** Every authenticated request runs this: prepared once (db/prepared.ts), never cached. */
const activeSession = (db: Db) =>
  prepared(db, 'session_active', (d) =>
    d
      .select({ session: sessions, user: userColumns })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.user_id))
      .where(liveSessionOfHash)
      .limit(1)
      .prepare('session_active'),
  );

/**
 * The session lookup and the access guard's read in ONE statement. The id a request's
 * path names is a co-owner record's or a copropriété's (some paths call a record `coproId`):
 * the row joined is the record with that id, or else the session user's record in the
 * copropriété with that id (ids are random UUIDs: never both), with its copropriété and syndic;
 * null columns when neither exists. The guards still apply their rules to it; read in the same
 * statement as the session, it is as fresh as the session itself.
 */
const activeSessionWithRecord = (db: Db) =>
  prepared(db, 'session_active_record', (d) =>
    d
      .select({
        session: sessions,
        user: userColumns,
        coproprietaire: coproprietaires,
        copropriete: coproprietes,
        syndic: syndics,
      })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.user_id))
      .leftJoin(coproprietaires, recordNamedBy(sql.placeholder('id')))
      .leftJoin(coproprietes, eq(coproprietes.id, coproprietaires.copropriete_id))
      .leftJoin(syndics, eq(syndics.id, coproprietes.syndic_id))
      .where(liveSessionOfHash)
      .limit(1)
      .prepare('session_active_record'),
  );

export async function findActiveSessionWithRecord(db: Db, tokenHash: string, id: string) {
  const [row] = await activeSessionWithRecord(db).execute({ hash: tokenHash, id });
  return row;
}

export async function findActiveSession(db: Db, tokenHash: string) {
  const [row] = await activeSession(db).execute({ hash: tokenHash });
  return row;
}

/** The password hash of a user: for checking the current password, never kept on the request. */
export async function passwordHashOf(db: Db, userId: string): Promise<string | null> {
  const [row] = await db
    .select({ hash: users.password_hash })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row?.hash ?? null;
}

export async function touchSession(db: Db, id: string) {
  await db.update(sessions).set({ last_used_at: new Date() }).where(eq(sessions.id, id));
}

export async function revokeSession(db: Db, id: string) {
  await db.update(sessions).set({ revoked_at: new Date() }).where(eq(sessions.id, id));
}

/** Revokes every live session of a user except `keepId` (password change); returns their ids. */
export async function revokeUserSessions(db: Db, userId: string, keepId?: string) {
  const rows = await db
    .update(sessions)
    .set({ revoked_at: new Date() })
    .where(
      and(
        eq(sessions.user_id, userId),
        isNull(sessions.revoked_at),
        ...(keepId ? [ne(sessions.id, keepId)] : []),
      ),
    )
    .returning({ id: sessions.id });
  return rows.map((r) => r.id);
}

export async function findUserByEmail(db: Db, email: string) {
  const [row] = await db.select().from(users).where(eq(users.email, email.trim().toLowerCase())).limit(1);
  return row;
}

export async function findUserById(db: Db, id: string) {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

export async function findUserByPhone(db: Db, phone: string) {
  const [row] = await db.select().from(users).where(eq(users.phone, phone.trim())).limit(1);
  return row;
}

/**
 * A staff account the syndic disabled, holding no co-owner record and no other active staff
 * membership: it may no longer sign in.
 */
export async function isDisabledStaffOnly(db: Db, userId: string) {
  const r = await db.execute(sql`
    select exists (select 1 from administrators a where a.user_id = ${userId} and a.disabled_at is not null)
      and not exists (select 1 from administrators a where a.user_id = ${userId} and a.disabled_at is null)
      and not exists (select 1 from coproprietaires c where c.user_id = ${userId}) as disabled`);
  return !!(r as unknown as { rows: { disabled: boolean }[] }).rows[0]?.disabled;
}
