import { attachMessages, PENDING_ATTACH_SETTING_KEY } from '@tantieme/contract';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.js';
import { AppError } from '../../http/errors.js';
import {
  guardCoproprietaire,
  guardCoproprietaireInCopro,
  guardCopropriete,
  type OwnedRecord,
} from '../access/access.service.js';
import { presentSummary } from './coproprietaire.presenter.js';
import type { RowsOf } from '../../db/prepared.js';
import * as repo from './coproprietaire.repo.js';
import { deleteUserSettings, getUserSettings } from '../settings/settings.service.js';
import { queueCoproprietaireEvent } from '../syndic-api/webhooks/webhooks.service.js';

const byName = new Intl.Collator('fr', { numeric: true, sensitivity: 'base' });

/** Presents records with their assemblies, unread counts (of userId) and lots. */
async function present(db: Db, rows: OwnedRecord[], userId: string | null) {
  const ids = rows.map((r) => r.coproprietaire.id);
  const [ags, counts, lots] = await Promise.all([
    repo.availableAssemblees(db, ids),
    userId ? repo.unreadNotificationCounts(db, userId) : Promise.resolve([]),
    repo.lotsOf(db, ids),
  ]);
  return rows.map((r) =>
    presentSummary(r, {
      ags: ags.filter((a) => a.coproprietaire_id === r.coproprietaire.id),
      unread: counts.find((c) => c.coproprietaire_id === r.coproprietaire.id)?.n ?? 0,
      lots: lots
        .filter((l) => l.coproprietaire_id === r.coproprietaire.id)
        .sort((a, b) => byName.compare(a.name, b.name)),
    }),
  );
}

/** GET /coproprietaires/all: the read, run by the route in the session statement (decision 62). */
export const recordsOfSessionUserRead = repo.recordsOfSessionUserRead;

/** GET /coproprietaires/all: every record of the user, presented. */
export function presentUserCoproprietaires(rows: RowsOf<ReturnType<typeof repo.recordsOfSessionUserRead>>) {
  return rows.map(({ ags, unread, lots, ...r }) =>
    presentSummary(r, { ags, unread, lots: [...lots].sort((a, b) => byName.compare(a.name, b.name)) }),
  );
}

/** GET {coproprieteId}/{coproprietaireId}/details-coproprietaire, through the access guard. */
export async function coproprietaireDetails(req: FastifyRequest, coproprieteId: string, id: string) {
  const row = await guardCoproprietaireInCopro(req, coproprieteId, id);
  const [one] = await present(req.server.db, [row], req.auth.user?.id ?? null);
  return one;
}

/** GET /coproprietaires//coproprietes/{id}: the caller's (or the previewed) record in that copropriété. */
export async function coproprietaireOfCopropriete(req: FastifyRequest, coproprieteId: string) {
  const row = await guardCopropriete(req, coproprieteId);
  const [one] = await present(req.server.db, [row], req.auth.user?.id ?? null);
  return one;
}

/**
 * SPEC §4 Attach by code. Unknown code → CODE_NOT_FOUND ('Ce code est invalide'); a record the
 * user already holds → USER_COPROPRIETAIRE_EXISTS; a record held by someone else → already used.
 */
export async function attachByCode(db: Db, userId: string, code: string) {
  const rec = await repo.findByCode(db, code.toUpperCase());
  if (!rec) throw new AppError('CODE_NOT_FOUND', attachMessages.codeInvalid);
  if (rec.user_id === userId) throw new AppError('USER_COPROPRIETAIRE_EXISTS', attachMessages.alreadyMine);
  if (rec.user_id) throw new AppError('COPROPRIETAIRE_ALREADY_ATTACHED');
  const attached = await db.transaction(async (tx) => {
    if (!(await repo.attachToUser(tx as unknown as Db, rec.id, userId))) return false;
    await queueCoproprietaireEvent(tx, rec.id, 'coproprietaire.attached', { via: 'attach_code' });
    return true;
  });
  if (!attached) throw new AppError('COPROPRIETAIRE_ALREADY_ATTACHED');
  return { id: rec.id };
}

// The pending attach key lives in the user settings (settings module, decision 24).
const readPendingAttach = async (db: Db, userId: string) =>
  (await getUserSettings(db, userId, [PENDING_ATTACH_SETTING_KEY]))[PENDING_ATTACH_SETTING_KEY];
const clearPendingAttach = (db: Db, userId: string) =>
  deleteUserSettings(db, userId, [PENDING_ATTACH_SETTING_KEY]);

/** SPEC §4 Remove co-owner account: detach only (user_id null); data intact, re-attachable by code. */
export async function removeCoproprietaire(req: FastifyRequest, id: string) {
  const row = await guardCoproprietaire(req, id, { write: true });
  const userId = row.coproprietaire.user_id;
  if (!userId) throw new AppError('NOT_FOUND');
  await req.server.db.transaction(async (tx) => {
    await repo.detachFromUser(tx as unknown as Db, id, userId);
    await queueCoproprietaireEvent(tx, id, 'coproprietaire.detached', {});
  });
  // A pending confirmation about this record has no object any more.
  if ((await readPendingAttach(req.server.db, userId)) === id)
    await clearPendingAttach(req.server.db, userId);
  return true;
}

/** Council member / president flags of several records; each pair goes through the guard. */
export async function memberUnionFlags(req: FastifyRequest, datas: { copr_id: string; id: string }[]) {
  const out = [];
  for (const d of datas) {
    const row = await guardCoproprietaireInCopro(req, d.copr_id, d.id);
    out.push({
      copr_id: d.copr_id,
      id: d.id,
      is_member_syndicat: row.coproprietaire.is_member_syndicat,
      is_president: row.coproprietaire.is_president,
    });
  }
  return out;
}

/**
 * The record named by the pending attach setting, when it is one of the user's records.
 * A stale setting (record gone or held by someone else) is deleted and answers null.
 */
export async function pendingAttach(req: FastifyRequest, userId: string) {
  const db = req.server.db;
  const id = await readPendingAttach(db, userId);
  if (!id) return null;
  let row: OwnedRecord;
  try {
    row = await guardCoproprietaire(req, id);
  } catch (e) {
    if (e instanceof AppError && e.code === 'NOT_FOUND') {
      await clearPendingAttach(db, userId);
      return null;
    }
    throw e;
  }
  const [one] = await present(db, [row], userId);
  return { coproprietaire: one };
}

export async function confirmPendingAttach(db: Db, userId: string) {
  await clearPendingAttach(db, userId);
  return true;
}

/** One record already cleared by the access guard (the syndic preview's record, SPEC §4). */
export async function getCoproprietaireSummary(db: Db, row: OwnedRecord, userId: string | null) {
  const [one] = await present(db, [row], userId);
  return one;
}
