import type { Db } from '../../db/client.js';
import { randomToken, sha256 } from '../../lib/crypto.js';
import type { GuardRow, OwnedRecord } from '../access/records.js';
import type { Read, ReadQuery } from '../../db/prepared.js';
import { sessionWithRead } from './session-read.js';
import * as repo from './session.repo.js';

const SESSION_TTL_MS = 30 * 24 * 3600 * 1000;
const TOUCH_EVERY_MS = 5 * 60 * 1000;

/** Records a session's use, at most every few minutes (not a write per request). */
async function touchIfStale(db: Db, session: { id: string; last_used_at: Date }) {
  if (Date.now() - session.last_used_at.getTime() > TOUCH_EVERY_MS) await repo.touchSession(db, session.id);
}

/** Creates an opaque bearer token; only its hash is stored. */
export async function createSession(db: Db, userId: string, userAgent?: string) {
  const token = randomToken();
  await repo.insertSession(db, {
    user_id: userId,
    token_hash: sha256(token),
    expires_at: new Date(Date.now() + SESSION_TTL_MS),
    user_agent: userAgent?.slice(0, 255),
  });
  return token;
}

/**
 * The live session of a token, or null. With `wantedId` (the id of a co-owner record, or of a
 * copropriété, that the request's path names), the guard's read comes back from the same
 * statement: that record, or the session user's record in that copropriété, with its
 * copropriété and syndic (`record.row` null when there is neither).
 */
export async function resolveToken(db: Db, token: string, wantedId?: string) {
  let found: Awaited<ReturnType<typeof repo.findActiveSession>>;
  let record: PrefetchedRecord | undefined;
  if (wantedId) {
    const withRecord = await repo.findActiveSessionWithRecord(db, sha256(token), wantedId);
    found = withRecord;
    if (withRecord) {
      const { coproprietaire, copropriete, syndic } = withRecord;
      record = {
        id: wantedId,
        row: coproprietaire && copropriete && syndic ? { coproprietaire, copropriete, syndic } : null,
      };
    }
  } else found = await repo.findActiveSession(db, sha256(token));
  if (!found) return null;
  await touchIfStale(db, found.session);
  return { user: found.user, sessionId: found.session.id, expiresAt: found.session.expires_at, record };
}

/**
 * `resolveToken` with a route's data read in the same statement (session-read.ts): the live
 * session, the record `wantedId` names and `query`'s rows; null when the session is not live.
 */
export async function resolveTokenWithRead<R extends Read<ReadQuery> | readonly Read<ReadQuery>[]>(
  db: Db,
  token: string,
  wantedId: string | undefined,
  read: R,
) {
  const found = await sessionWithRead(db, sha256(token), wantedId, read);
  if (!found) return null;
  const { coproprietaire, copropriete } = found;
  const guard: PrefetchedGuard | undefined =
    wantedId === undefined
      ? undefined
      : { id: wantedId, row: coproprietaire && copropriete ? { coproprietaire, copropriete } : null };
  await touchIfStale(db, found.session);
  return { user: found.user, sessionId: found.session.id, guard, rows: found.rows };
}

/** What a `sessionRead` statement read for the guard, for the id the path names; `row` null: nothing. */
export interface PrefetchedGuard {
  id: string;
  row: GuardRow | null;
}

/** What was read with the session for the id the path names (see `resolveToken`); `row` null: nothing. */
export interface PrefetchedRecord {
  id: string;
  row: OwnedRecord | null;
}

/** What ending a session needs of the realtime layer: closing its sockets on every instance. */
export type SocketCloser = { disconnectSession(sessionId: string): void };

/** Logout: the session is revoked and its sockets closed, on every instance (decision 39). */
export async function revokeSession(db: Db, id: string, sockets?: SocketCloser) {
  await repo.revokeSession(db, id);
  sockets?.disconnectSession(id);
}

/** Password change or reset: every other session of the user is revoked and its sockets closed. */
export async function revokeUserSessions(db: Db, userId: string, keepId?: string, sockets?: SocketCloser) {
  const ids = await repo.revokeUserSessions(db, userId, keepId);
  for (const id of ids) sockets?.disconnectSession(id);
  return ids;
}
