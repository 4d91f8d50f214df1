import {
  checkSignalementMove,
  formatDate,
  SIGNALEMENT_STATUS_LABELS,
  type SignalementStatus,
} from '@tantieme/contract';
import { AppError } from '../../http/errors.js';
import type { SignalementsDeps } from './deps.js';
import { tellFollowers } from './followers.js';
import * as repo from './signalements.repo.js';
import {
  signalementAnswerNotice,
  signalementMoveNotice,
  signalementWorksNotice,
} from '../../templates/signalements.js';
import { worksEntry } from '../carnets/carnets.service.js';

/**
 * The syndic's side of a report (its API): answer and move. Each change is one transaction that
 * writes the timeline and tells the author and supporters (decision 117).
 */

/** Written in the change's transaction (the syndic API's audit log). */
export type AuditHook = (
  tx: Parameters<typeof repo.lockOne>[0],
  changes: Record<string, { before: unknown; after: unknown }>,
) => Promise<void>;

type Locked = NonNullable<Awaited<ReturnType<typeof repo.lockOne>>>;

/** The report of this syndic, locked; another syndic's is a 404. */
export async function mine(
  tx: Parameters<typeof repo.lockOne>[0],
  syndicId: string,
  id: string,
): Promise<Locked> {
  const s = await repo.lockOne(tx, id);
  if (!s || s.syndic_id !== syndicId) throw new AppError('NOT_FOUND');
  return s;
}

export async function answer(
  deps: SignalementsDeps,
  syndic: { id: string; name: string },
  id: string,
  body: { text: string; author_name: string },
  audit: AuditHook,
) {
  const staged = await deps.db.transaction(async (tx) => {
    const s = await mine(tx, syndic.id, id);
    await repo.insertEvent(tx, {
      signalement_id: id,
      kind: 'COMMENT',
      text: body.text,
      by: 'syndic',
      author_name: body.author_name || syndic.name,
    });
    await repo.updateSignalement(tx, id, {});
    await audit(tx, { comment: { before: null, after: body.text } });
    return tellFollowers(tx, deps, id, null, signalementAnswerNotice({ title: s.title, text: body.text }));
  });
  await staged.afterCommit().catch(() => undefined);
}

/** The carnet works entry a resolved report is linked to (read before the change's transaction). */
async function carnetLink(deps: SignalementsDeps, syndicId: string, id: string, body: MoveBody) {
  const found = await repo.findOne(deps.db, id);
  if (!found || found.s.syndic_id !== syndicId) throw new AppError('NOT_FOUND');
  const fail = (m: string) => new AppError('VALIDATION_ERROR', m, { errors: { carnet_travaux_ref: m } });
  if (body.status !== 'RESOLU') throw fail("Des travaux du carnet ne se lient qu'à un signalement résolu.");
  const link = await worksEntry(deps.db, found.s.copropriete_id, body.carnet_travaux_ref ?? '');
  if (!link)
    throw fail(
      `Aucuns travaux du carnet d'entretien de cet immeuble sous la référence ${body.carnet_travaux_ref}.`,
    );
  return link;
}

export interface MoveBody {
  status: SignalementStatus;
  planned_on: string | null;
  comment: string;
  author_name: string;
  carnet_travaux_ref: string | null;
}

/** Moves a report; the same status again (PLANIFIE on the same day) changes nothing. */
export async function move(
  deps: SignalementsDeps,
  syndic: { id: string; name: string },
  id: string,
  body: MoveBody,
  audit: AuditHook,
): Promise<'updated' | 'unchanged'> {
  const link = body.carnet_travaux_ref ? await carnetLink(deps, syndic.id, id, body) : undefined;
  const result = await deps.db.transaction(async (tx) => {
    const s = await mine(tx, syndic.id, id);
    const from = s.status as SignalementStatus;
    // No ref keeps the current link; a ref names the works to link (again).
    const relink = body.carnet_travaux_ref !== null && body.carnet_travaux_ref !== s.carnet_travaux_ref;
    const same =
      from === body.status && (s.planned_on ?? null) === body.planned_on && !relink && !body.comment;
    if (same) return null;
    if (from !== body.status || body.status === 'PLANIFIE') {
      const ok = checkSignalementMove(from, body.status, body);
      if (!ok.ok) throw new AppError('VALIDATION_ERROR', ok.message, { errors: { [ok.field]: ok.message } });
    } else if (body.planned_on) {
      const m = "Une date prévue ne va qu'avec le statut PLANIFIE.";
      throw new AppError('VALIDATION_ERROR', m, { errors: { planned_on: m } });
    }
    const author = body.author_name || syndic.name;
    const moved = from !== body.status || s.planned_on !== body.planned_on;
    if (moved)
      await repo.insertEvent(tx, {
        signalement_id: id,
        kind: 'STATUS',
        status: body.status,
        planned_on: body.planned_on,
        text: body.comment || null,
        by: 'syndic',
        author_name: author,
      });
    else if (body.comment)
      await repo.insertEvent(tx, {
        signalement_id: id,
        kind: 'COMMENT',
        text: body.comment,
        by: 'syndic',
        author_name: author,
      });
    await repo.updateSignalement(tx, id, {
      status: body.status,
      planned_on: body.planned_on,
      ...(link
        ? { carnet_travaux_ref: link.ref, carnet_travaux_label: link.label }
        : body.status === 'RESOLU'
          ? {}
          : { carnet_travaux_ref: null, carnet_travaux_label: null }),
    });
    await audit(tx, {
      status: { before: from, after: body.status },
      planned_on: { before: s.planned_on, after: body.planned_on },
      ...(link ? { carnet_travaux_ref: { before: s.carnet_travaux_ref, after: link.ref } } : {}),
      ...(body.comment ? { comment: { before: null, after: body.comment } } : {}),
    });
    const notice = moved
      ? signalementMoveNotice({
          title: s.title,
          statusLabel: SIGNALEMENT_STATUS_LABELS[body.status],
          plannedOn: body.planned_on ? formatDate(body.planned_on) : null,
          message: body.comment,
        })
      : body.comment
        ? signalementAnswerNotice({ title: s.title, text: body.comment })
        : signalementWorksNotice({ title: s.title, works: link?.label ?? '' });
    return tellFollowers(tx, deps, id, null, notice);
  });
  if (!result) return 'unchanged';
  await result.afterCommit().catch(() => undefined);
  return 'updated';
}
