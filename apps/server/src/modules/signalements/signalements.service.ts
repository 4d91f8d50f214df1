import {
  canSeeSignalement,
  isOpenSignalement,
  SIGNALEMENT_PHOTO_BUCKET,
  type SignalementCreateBody,
  type SignalementStatus,
  type SignalementVisibility,
} from '@tantieme/contract';
import { AppError } from '../../http/errors.js';
import type { StorageAdapter } from '../../platform/storage.js';
import type { OwnedRecord } from '../access/access.service.js';
import { queueCoproprietaireEvent } from '../syndic-api/webhooks/webhooks.service.js';
import { presentDetail, presentSummary } from './signalements.presenter.js';
import * as repo from './signalements.repo.js';
import type { SignalementsDeps } from './deps.js';
import { tellCouncil, tellFollowers } from './followers.js';

export type { SignalementsDeps } from './deps.js';

/** Closed reports listed after the open ones: the latest this many. */
export const CLOSED_LISTED = 100;

const viewerOf = (row: OwnedRecord) => ({
  coproId: row.copropriete.id,
  recordId: row.coproprietaire.id,
  council: row.coproprietaire.is_member_syndicat,
});

export async function list(deps: SignalementsDeps, row: OwnedRecord) {
  const rows = await repo.listVisible(deps.db, viewerOf(row), CLOSED_LISTED);
  return {
    items: await Promise.all(rows.map((r) => presentSummary(deps.storage, r, row.coproprietaire.id))),
  };
}

/** The report if the record may see it (decision 116); anything else is the same 404. */
async function visible(db: repo.Executor, row: OwnedRecord, id: string) {
  const found = await repo.findOne(db, id);
  if (
    !found ||
    !canSeeSignalement(
      {
        coproprietaire_id: row.coproprietaire.id,
        copropriete_id: row.copropriete.id,
        is_member_syndicat: row.coproprietaire.is_member_syndicat,
      },
      { ...found.s, visibility: found.s.visibility as SignalementVisibility },
    )
  )
    throw new AppError('NOT_FOUND');
  return found;
}

export async function get(deps: SignalementsDeps, row: OwnedRecord, id: string) {
  const found = await visible(deps.db, row, id);
  const [author, supporters, events] = await Promise.all([
    repo.authorName(deps.db, found.s.author_id),
    repo.supportersOf(deps.db, id),
    repo.eventsOf(deps.db, id),
  ]);
  return presentDetail(deps.storage, found, {
    recordId: row.coproprietaire.id,
    council: row.coproprietaire.is_member_syndicat,
    author,
    supporters,
    events,
  });
}

const PHOTO_NAME = /^[A-Za-z0-9_-]+\.(jpg|png|webp)$/;

/**
 * The photos must be the caller's own uploads to the signalements bucket, already stored (the
 * upload resized them and checked their bytes: decision 118), each once.
 */
async function checkPhotos(storage: StorageAdapter, userId: string, keys: string[]) {
  const prefix = `uploads/${SIGNALEMENT_PHOTO_BUCKET}/${userId}/original/`;
  const errors: Record<string, string> = {};
  await Promise.all(
    keys.map(async (key, i) => {
      if (keys.indexOf(key) !== i) errors[`photos.${i}`] = 'Cette photo est déjà jointe.';
      else if (!key.startsWith(prefix) || !PHOTO_NAME.test(key.slice(prefix.length)))
        errors[`photos.${i}`] = 'Photo invalide.';
      else if (!(await storage.exists(key)))
        errors[`photos.${i}`] = "Cette photo n'a pas été reçue : ajoutez-la de nouveau.";
    }),
  );
  if (Object.keys(errors).length)
    throw new AppError('VALIDATION_ERROR', Object.values(errors)[0], { errors });
}

export async function create(
  deps: SignalementsDeps,
  row: OwnedRecord,
  userId: string,
  body: SignalementCreateBody,
) {
  if (body.lot_id && !(await repo.ownLot(deps.db, row.coproprietaire.id, body.lot_id))) {
    const message = "Ce lot n'est pas l'un des vôtres.";
    throw new AppError('VALIDATION_ERROR', message, { errors: { lot_id: message } });
  }
  await checkPhotos(deps.storage, userId, body.photos);
  const created = await deps.db.transaction(async (tx) => {
    const s = await repo.insertSignalement(tx, {
      syndic_id: row.copropriete.syndic_id,
      copropriete_id: row.copropriete.id,
      author_id: row.coproprietaire.id,
      title: body.title,
      place: body.place,
      lot_id: body.lot_id,
      description: body.description,
      visibility: body.visibility,
      photos: body.photos,
    });
    await queueCoproprietaireEvent(tx, row.coproprietaire.id, 'signalement.created', {
      signalement: {
        id: s.id,
        title: s.title,
        place: s.place,
        visibility: s.visibility,
        photos: s.photos.length,
        created_at: s.created_at.toISOString(),
      },
    });
    const staged = await tellCouncil(tx, deps, s, await repo.authorName(tx, s.author_id));
    return { s, staged };
  });
  await created.staged.afterCommit().catch(() => undefined);
  return get(deps, row, created.s.id);
}

/** 'Moi aussi': on an open report of someone else; saying it twice changes nothing. */
export async function support(deps: SignalementsDeps, row: OwnedRecord, id: string) {
  const found = await visible(deps.db, row, id);
  if (found.s.author_id === row.coproprietaire.id)
    throw new AppError('CONFLICT', "Vous êtes l'auteur de ce signalement.");
  if (!isOpenSignalement(found.s.status as SignalementStatus))
    throw new AppError('CONFLICT', 'Ce signalement est déjà traité.');
  await deps.db.transaction((tx) => repo.addSupporter(tx, id, row.coproprietaire.id));
  return get(deps, row, id);
}

export async function unsupport(deps: SignalementsDeps, row: OwnedRecord, id: string) {
  await visible(deps.db, row, id);
  await deps.db.transaction((tx) => repo.removeSupporter(tx, id, row.coproprietaire.id));
  return get(deps, row, id);
}

/** A detail from the author, a supporter or a council member; the syndic's software hears it. */
export async function comment(deps: SignalementsDeps, row: OwnedRecord, id: string, text: string) {
  const detail = await get(deps, row, id);
  if (!detail.can_comment)
    throw new AppError(
      'FORBIDDEN',
      "Seuls l'auteur, les personnes concernées et le conseil syndical peuvent ajouter une précision.",
    );
  const author = await repo.authorName(deps.db, row.coproprietaire.id);
  const staged = await deps.db.transaction(async (tx) => {
    const e = await repo.insertEvent(tx, {
      signalement_id: id,
      kind: 'COMMENT',
      text,
      by: 'coproprietaire',
      author_name: author,
    });
    await repo.updateSignalement(tx, id, {});
    await queueCoproprietaireEvent(tx, row.coproprietaire.id, 'signalement.commented', {
      signalement: { id, title: detail.title, status: detail.status },
      comment: { id: e.id, text, by: 'coproprietaire', created_at: e.created_at.toISOString() },
    });
    return tellFollowers(tx, deps, id, row.coproprietaire.id, {
      title: `Signalement : ${detail.title}`,
      body: `${author} a ajouté une précision.`,
    });
  });
  await staged.afterCommit().catch(() => undefined);
  return get(deps, row, id);
}
