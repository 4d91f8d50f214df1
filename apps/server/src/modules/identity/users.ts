import type { Db } from '../../db/client.js';
import * as repo from './session.repo.js';

/**
 * The identity module's user lookups, for the modules that act on an account (its settings, its
 * deletion, its QR sign-in): they ask identity, never its repo.
 */
export type { UserRow } from './session.repo.js';

export const findUserById = (db: Db, id: string) => repo.findUserById(db, id);
export const findUserByEmail = (db: Db, email: string) => repo.findUserByEmail(db, email);
export const findUserByPhone = (db: Db, phone: string) => repo.findUserByPhone(db, phone);
export const passwordHashOf = (db: Db, userId: string) => repo.passwordHashOf(db, userId);
/** Ends a user's sessions inside the caller's transaction; the caller closes their sockets after commit. */
export const endSessionRows = (db: Db, userId: string, keepId?: string) =>
  repo.revokeUserSessions(db, userId, keepId);
