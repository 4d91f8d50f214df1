import { isId } from '@tantieme/contract';
import type { FastifyRequest } from 'fastify';
import { type Read, type ReadQuery, type RowsOf, readAlone } from '../../db/prepared.js';
import { AppError } from '../../http/errors.js';
import { timed } from '../../http/request-stats.js';
import {
  type PrefetchedGuard,
  type PrefetchedRecord,
  resolveToken,
  resolveTokenWithRead,
} from '../identity/session.service.js';
import type { UserRow } from '../identity/users.js';
import type { PreviewGrant } from './preview.js';

/*
 * A request's session, as the access guards read it: what the authentication hook found, and the
 * statements that resolve a deferred token together with a route's own read. The HTTP layer
 * calls this; nothing here calls the HTTP layer.
 */

export interface AuthState {
  user: UserRow | null;
  sessionId: string | null;
  preview: PreviewGrant | null;
  /** The record the path names, read with the session for the access guard (which still decides). */
  record?: PrefetchedRecord;
  /** What a `sessionRead` statement read for the guard (access.service `readAs…`). */
  guard?: PrefetchedGuard;
  /** A `sessionRead` route's bearer token, resolved by its handler with its data (`sessionRead`). */
  deferred?: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthState;
  }
  interface FastifyContextConfig {
    auth?: 'public' | 'user' | 'user-or-preview';
    /** The handler reads its data in the session's statement (`sessionRead`): not resolved here. */
    sessionRead?: boolean;
  }
}

/**
 * The id of the co-owner record, or else of the copropriété, a request's path most likely names
 * (`:coproprietaireId`, `?coproprietaire_id=`, `:id`, `:coproId`, `:coproprieteId`), so the
 * session lookup reads what the access guard will need. Only a guess: a guard uses it when it
 * checks that very id, and reads for itself otherwise.
 */
export function wantedIdOf(req: FastifyRequest): string | undefined {
  const p = (req.params ?? {}) as Record<string, unknown>;
  const q = (req.query ?? {}) as Record<string, unknown>;
  for (const v of [p.coproprietaireId, q.coproprietaire_id, p.id, p.coproId, p.coproprieteId])
    if (isId(v)) return v;
  // A body naming one copropriété (the building documents), once parsed (sessionRead routes).
  const ids = (req.body as { copro_ids?: unknown } | undefined)?.copro_ids;
  if (Array.isArray(ids) && ids.length === 1 && isId(ids[0])) return ids[0];
  return undefined;
}

/**
 * A `sessionRead` route's session and data in one statement (decision 62): resolves
 * the deferred bearer token with `query` inside it, fills `req.auth`, and answers 401 when the
 * session is not live. Without a deferred token (a preview, or a route not so marked) `query`
 * runs alone. Callers are the access guards' `readAs…`, which decide before the rows go out.
 */
export async function sessionRead<R extends Read<ReadQuery> | readonly Read<ReadQuery>[]>(
  req: FastifyRequest,
  read: R,
): Promise<RowsOf<R>> {
  const token = req.auth.deferred;
  if (!token) return readApart(req, read);
  req.auth.deferred = undefined;
  const resolved = await timed('session', () =>
    resolveTokenWithRead(req.server.db, token, wantedIdOf(req), read),
  );
  if (!resolved) {
    // The preview token, if any, still stands (user-or-preview routes): read as the preview.
    if (req.auth.preview) return readApart(req, read);
    throw new AppError('UNAUTHORIZED');
  }
  req.auth.user = resolved.user;
  req.auth.sessionId = resolved.sessionId;
  req.auth.guard = resolved.guard;
  return resolved.rows;
}

/** The reads without the session (a preview): each on its own. */
async function readApart<R extends Read<ReadQuery> | readonly Read<ReadQuery>[]>(
  req: FastifyRequest,
  read: R,
) {
  const db = req.server.db;
  // A read bound to the session's user reads its `apart` instead (a preview), or is a 401.
  const alone = (r: Read<ReadQuery>) => {
    if (!r.sessionOnly) return readAlone(db, r);
    if (!r.apart) throw new AppError('UNAUTHORIZED');
    return readAlone(db, r.apart);
  };
  return (
    Array.isArray(read) ? await Promise.all(read.map(alone)) : await alone(read as Read<ReadQuery>)
  ) as RowsOf<R>;
}

/**
 * Resolves a deferred bearer token on its own, for the paths that end before its handler's read
 * (a 400 from validation, an id that cannot exist): a caller whose session is not live gets 401
 * there too, as on every other route. True when the caller is signed in or previews.
 */
export async function settleSession(req: FastifyRequest): Promise<boolean> {
  const token = req.auth?.deferred;
  if (token) {
    req.auth.deferred = undefined;
    const resolved = await timed('session', () => resolveToken(req.server.db, token, wantedIdOf(req)));
    if (resolved) {
      req.auth.user = resolved.user;
      req.auth.sessionId = resolved.sessionId;
      req.auth.record = resolved.record;
    }
  }
  return !!req.auth?.user || !!req.auth?.preview;
}

/** The signed-in user of a route marked auth 'user' (never null there). */
export function currentUser(req: FastifyRequest): UserRow {
  if (!req.auth?.user) throw new AppError('UNAUTHORIZED');
  return req.auth.user;
}
