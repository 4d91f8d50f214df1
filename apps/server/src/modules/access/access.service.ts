import { isId } from '@tantieme/contract';
import type { Read, ReadQuery } from '../../db/prepared.js';
import type { RowsOf } from '../../db/prepared.js';
import type { FastifyRequest } from 'fastify';
import { sessionRead, settleSession } from './request-session.js';
import type { Db } from '../../db/client.js';
import { AppError } from '../../http/errors.js';
import { timed } from '../../http/request-stats.js';
import * as repo from './access.repo.js';
import type { GuardRow, OwnedRecord, ScopeRow } from './records.js';

export type { GuardRow, OwnedRecord, ScopeRow } from './records.js';

/** A record with its copropriété and syndic, outside any request (a signed grant names it). */
export function loadRecord(db: Db, coproprietaireId: string): Promise<OwnedRecord | undefined> {
  if (!isId(coproprietaireId)) return Promise.resolve(undefined);
  return repo.findCoproprietaireWithCopro(db, coproprietaireId);
}

/**
 * THE access guard for co-owner-scoped calls. The signed-in user must hold the record;
 * a syndic preview token grants that one record, read-only. Anything else is a 404, so
 * that another user's record is indistinguishable from a missing one.
 */
export function guardCoproprietaire(
  req: FastifyRequest,
  coproprietaireId: string,
  opts: { write?: boolean } = {},
): Promise<OwnedRecord> {
  return timed('guard', () => checkCoproprietaire(req, coproprietaireId, opts));
}

async function checkCoproprietaire(
  req: FastifyRequest,
  coproprietaireId: string,
  opts: { write?: boolean },
): Promise<OwnedRecord> {
  if (!isId(coproprietaireId)) throw new AppError('NOT_FOUND');
  const { record } = req.auth;
  // Read with the session when the path named this record (http/auth.ts), else read now.
  const row =
    record?.id === coproprietaireId
      ? // The row is this record, or (the id being a copropriété's) the user's record there: none.
        record.row?.coproprietaire.id === coproprietaireId
        ? record.row
        : undefined
      : await repo.findCoproprietaireWithCopro(req.server.db, coproprietaireId);
  if (!row) throw new AppError('NOT_FOUND');
  return decideRecord(req, coproprietaireId, row, opts);
}

/** The record rule: the signed-in user holds it, or a preview grants it (read-only); else 404. */
function decideRecord<T extends GuardRow>(
  req: FastifyRequest,
  coproprietaireId: string,
  row: T,
  opts: { write?: boolean },
): T {
  const { user, preview } = req.auth;
  if (user && row.coproprietaire.user_id === user.id) return row;
  if (
    preview &&
    preview.coproprietaireId === coproprietaireId &&
    row.copropriete.syndic_id === preview.syndicId
  ) {
    if (opts.write) throw new AppError('READ_ONLY_PREVIEW');
    return row;
  }
  throw new AppError('NOT_FOUND');
}

/**
 * Guard for copropriété-level calls (syndic info, budgets, documents of the building):
 * the caller must hold a record in that copropriété (or preview one of its records).
 */
export function guardCopropriete(req: FastifyRequest, coproprieteId: string): Promise<OwnedRecord> {
  return timed('guard', () => checkCopropriete(req, coproprieteId));
}

async function checkCopropriete(req: FastifyRequest, coproprieteId: string): Promise<OwnedRecord> {
  if (!isId(coproprieteId)) throw new AppError('NOT_FOUND');
  const { user, preview, record } = req.auth;
  if (user) {
    // Read with the session when the path named this copropriété (http/auth.ts), else read now.
    const row =
      record?.id === coproprieteId
        ? // The user's record in this copropriété, read with the session (not a record with this id).
          record.row?.copropriete.id === coproprieteId && record.row.coproprietaire.user_id === user.id
          ? record.row
          : undefined
        : await repo.findUserRecordInCopro(req.server.db, user.id, coproprieteId);
    if (row) return row;
  }
  if (preview) {
    const row = await repo.findCoproprietaireWithCopro(req.server.db, preview.coproprietaireId);
    if (row && row.copropriete.id === coproprieteId && row.copropriete.syndic_id === preview.syndicId)
      return row;
  }
  throw new AppError('NOT_FOUND');
}

/**
 * A route's read with the session and the guard in one statement (routes marked `sessionRead`):
 * the rows of `read` (which must read that record's data only) once the session is
 * live and the guard passes, with the record as the guard saw it; 401 or 404 otherwise, and the
 * rows are dropped. Reads only: a preview may call it.
 */
export async function readAsCoproprietaire<R extends Read<ReadQuery> | readonly Read<ReadQuery>[]>(
  req: FastifyRequest,
  coproprietaireId: string,
  read: R,
): Promise<{ owner: GuardRow; rows: RowsOf<R> }> {
  if (!isId(coproprietaireId)) throw new AppError((await settleSession(req)) ? 'NOT_FOUND' : 'UNAUTHORIZED');
  const rows = await sessionRead(req, read);
  const seen = req.auth.guard;
  if (seen?.id !== coproprietaireId) return { owner: await guardCoproprietaire(req, coproprietaireId), rows };
  // The row is this record, or (the id being a copropriété's) the user's record there: none.
  const row = seen.row?.coproprietaire.id === coproprietaireId ? seen.row : undefined;
  if (!row) throw new AppError('NOT_FOUND');
  return { owner: decideRecord(req, coproprietaireId, row, {}), rows };
}

/**
 * The same for a copropriété-level read (the caller holds a record there, or previews one of its
 * records), with the user's record there as the guard saw it.
 */
export async function readAsCopropriete<R extends Read<ReadQuery> | readonly Read<ReadQuery>[]>(
  req: FastifyRequest,
  coproprieteId: string,
  read: R,
): Promise<{ owner: GuardRow; rows: RowsOf<R> }> {
  if (!isId(coproprieteId)) throw new AppError((await settleSession(req)) ? 'NOT_FOUND' : 'UNAUTHORIZED');
  const rows = await sessionRead(req, read);
  const seen = req.auth.guard;
  const { user } = req.auth;
  if (seen?.id === coproprieteId && user) {
    // The user's record in this copropriété, read with the session (not a record with this id).
    const row = seen.row;
    if (row && row.copropriete.id === coproprieteId && row.coproprietaire.user_id === user.id)
      return { owner: row, rows };
  }
  return { owner: await guardCopropriete(req, coproprieteId), rows };
}

/**
 * `readAsCopropriete` with no data: the session and the guard in one statement, for a route whose
 * data comes from a building cache checked against the versions the guard's row carries
 * (decisions 74, 75).
 */
export async function guardCoproprieteWithSession(
  req: FastifyRequest,
  coproprieteId: string,
): Promise<GuardRow> {
  return (await readAsCopropriete(req, coproprieteId, [] as const)).owner;
}

/** `readAsCoproprietaire` for a path naming both: the record must belong to that copropriété. */
export async function readAsCoproprietaireInCopro<R extends Read<ReadQuery> | readonly Read<ReadQuery>[]>(
  req: FastifyRequest,
  coproprieteId: string,
  coproprietaireId: string,
  read: R,
): Promise<{ owner: GuardRow; rows: RowsOf<R> }> {
  const r = await readAsCoproprietaire(req, coproprietaireId, read);
  if (r.owner.copropriete.id !== coproprieteId) throw new AppError('NOT_FOUND');
  return r;
}

/** Both ids in one path (e.g. /coproprietes/:coproId/coproprietaires/:id): the record must belong to that copropriété. */
export async function guardCoproprietaireInCopro(
  req: FastifyRequest,
  coproprieteId: string,
  coproprietaireId: string,
  opts: { write?: boolean } = {},
): Promise<OwnedRecord> {
  const row = await guardCoproprietaire(req, coproprietaireId, opts);
  if (row.copropriete.id !== coproprieteId) throw new AppError('NOT_FOUND');
  return row;
}

/**
 * The same rule for a Socket.IO room (no HTTP request): a signed-in user may follow a
 * record's live events only while they hold it.
 */
export async function userHoldsCoproprietaire(db: Db, userId: string, coproprietaireId: string) {
  if (!isId(coproprietaireId)) return false;
  const row = await repo.findCoproprietaireWithCopro(db, coproprietaireId);
  return !!row && row.coproprietaire.user_id === userId;
}

/**
 * Syndic-level calls of a co-owner (SPEC §7 /syndics/{id}/accounts/chat): the user must hold a
 * record in one of that syndic's copropriétés (or preview one), else 404.
 */
export function guardSyndic(req: FastifyRequest, syndicId: string): Promise<OwnedRecord> {
  return timed('guard', async () => {
    if (!isId(syndicId)) throw new AppError('NOT_FOUND');
    const { user, preview } = req.auth;
    if (user) {
      const row = await repo.findUserRecordUnderSyndic(req.server.db, user.id, syndicId);
      if (row) return row;
    }
    if (preview && preview.syndicId === syndicId) {
      const row = await repo.findCoproprietaireWithCopro(req.server.db, preview.coproprietaireId);
      if (row && row.copropriete.syndic_id === syndicId) return row;
    }
    throw new AppError('NOT_FOUND');
  });
}

/**
 * Guard for the syndic's own documents: every record the caller holds in copropriétés of that
 * syndic (or the previewed one), so the §6 scope can be read on each. None is a 404.
 */
export function guardSyndicRecords(req: FastifyRequest, syndicId: string): Promise<OwnedRecord[]> {
  return timed('guard', async () => {
    if (!isId(syndicId)) throw new AppError('NOT_FOUND');
    const { user, preview } = req.auth;
    if (user) {
      const rows = await repo.findUserRecordsOfSyndic(req.server.db, user.id, syndicId);
      if (rows.length) return rows;
    }
    if (preview && preview.syndicId === syndicId) {
      const row = await repo.findCoproprietaireWithCopro(req.server.db, preview.coproprietaireId);
      if (row && row.copropriete.syndic_id === syndicId) return [row];
    }
    throw new AppError('NOT_FOUND');
  });
}

/** The record's scope inputs for the §6 rules of the contract (documents, invoices). */
export const scopeOf = (row: ScopeRow) => ({
  is_member_syndicat: row.coproprietaire.is_member_syndicat,
  is_president: row.coproprietaire.is_president,
  copro_settings: row.copropriete.settings,
  permissions: row.coproprietaire.permissions,
});
