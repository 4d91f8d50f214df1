import type { BoardCard, BoardDetail, SignalementStatus, SignalementVisibility } from '@tantieme/contract';
import { z } from 'zod';
import { AppError } from '../../http/errors.js';
import { signalementMergedNotice } from '../../templates/signalements.js';
import type { SignalementsDeps } from './deps.js';
import { tellFollowers } from './followers.js';
import * as board from './board.repo.js';
import * as repo from './signalements.repo.js';
import { type AuditHook, answer, mine, move } from './syndic.service.js';
import { placeLabel, presentEvents } from './signalements.presenter.js';

/**
 * The syndic's board of a building's signalements (the console): the same moves and answers as
 * the syndic API (`syndic.service.ts`), plus what only the console does: give a report to a staff
 * member or a supplier, note something internally, merge a duplicate (decision 205).
 */

/** Who acts: the building's syndic, the writer's name, the audit line's writer. */
export interface BoardActor {
  syndic: { id: string; name: string };
  coproId: string;
  authorName: string;
  audit: (id: string) => AuditHook;
}

const CLOSED_SHOWN = 50;

function presentCard(r: board.CardRow): BoardCard {
  const { s } = r;
  return {
    id: s.id,
    title: s.title,
    place: s.place as BoardCard['place'],
    place_label: placeLabel(r),
    visibility: s.visibility as SignalementVisibility,
    status: s.status as SignalementStatus,
    planned_on: s.planned_on,
    author: r.author,
    supporters: s.supporters,
    assignee: s.assignee_id ? { id: s.assignee_id, name: r.assignee_name ?? '' } : null,
    supplier: s.supplier,
    created_at: s.created_at.toISOString(),
    updated_at: s.updated_at.toISOString(),
  };
}

export async function boardOf(deps: Pick<SignalementsDeps, 'db'>, syndicId: string, coproId: string) {
  const [rows, assignable] = await Promise.all([
    board.boardOf(deps.db, coproId, CLOSED_SHOWN),
    board.assignableStaff(deps.db, syndicId, coproId),
  ]);
  return { items: rows.map(presentCard), assignable };
}

export async function detail(
  deps: Pick<SignalementsDeps, 'db'>,
  coproId: string,
  id: string,
): Promise<BoardDetail> {
  const row = await board.oneCard(deps.db, coproId, id);
  if (!row) throw new AppError('NOT_FOUND');
  const [events, supporters, candidates] = await Promise.all([
    board.allEvents(deps.db, id),
    repo.supportersOf(deps.db, id),
    board.mergeCandidates(deps.db, coproId, id),
  ]);
  const internal = new Set(events.filter((e) => e.internal).map((e) => e.id));
  return {
    ...presentCard(row),
    description: row.s.description,
    supporter_names: supporters.map((x) => x.name),
    merge_candidates: row.s.merged_into_id
      ? []
      : candidates.map((c) => ({ ...c, status: c.status as SignalementStatus })),
    events: presentEvents(row.s, row.author, events).map((e) => ({ ...e, internal: internal.has(e.id) })),
  };
}

/** The report is of this building (else 404, as one that does not exist). */
async function ofBuilding(deps: Pick<SignalementsDeps, 'db'>, coproId: string, id: string) {
  const row = await board.oneCard(deps.db, coproId, id);
  if (!row) throw new AppError('NOT_FOUND');
  return row;
}

/** Moves it, telling its followers, with the message (closing with a message is a move to CLOS). */
export async function moveOnBoard(
  deps: SignalementsDeps,
  who: BoardActor,
  id: string,
  body: { status: SignalementStatus; planned_on: string | null; message: string },
) {
  await ofBuilding(deps, who.coproId, id);
  await move(
    deps,
    who.syndic,
    id,
    {
      status: body.status,
      planned_on: body.planned_on,
      comment: body.message,
      author_name: who.authorName,
      carnet_travaux_ref: null,
    },
    who.audit(id),
  );
  return detail(deps, who.coproId, id);
}

/** A public answer (its followers are told) or an internal note (no one but the syndic reads it). */
export async function commentOnBoard(
  deps: SignalementsDeps,
  who: BoardActor,
  id: string,
  body: { text: string; internal: boolean },
) {
  await ofBuilding(deps, who.coproId, id);
  if (!body.internal)
    await answer(deps, who.syndic, id, { text: body.text, author_name: who.authorName }, who.audit(id));
  else
    await deps.db.transaction(async (tx) => {
      await mine(tx, who.syndic.id, id);
      await repo.insertEvent(tx, {
        signalement_id: id,
        kind: 'COMMENT',
        text: body.text,
        by: 'syndic',
        author_name: who.authorName,
        internal: true,
      });
      await repo.updateSignalement(tx, id, {});
      await who.audit(id)(tx, { internal_note: { before: null, after: body.text } });
    });
  return detail(deps, who.coproId, id);
}

/** Gives it to a staff member who reaches the building (or no one) and names the supplier. */
export async function assignOnBoard(
  deps: SignalementsDeps,
  who: BoardActor,
  id: string,
  body: { assignee_id: string | null; supplier: string | null },
) {
  await ofBuilding(deps, who.coproId, id);
  if (body.assignee_id) {
    const staff = await board.assignableStaff(deps.db, who.syndic.id, who.coproId);
    if (!staff.some((m) => m.id === body.assignee_id)) {
      const m = "Ce membre de l'équipe ne gère pas cet immeuble.";
      throw new AppError('VALIDATION_ERROR', m, { errors: { assignee_id: m } });
    }
  }
  const supplier = body.supplier || null;
  await deps.db.transaction(async (tx) => {
    const s = await mine(tx, who.syndic.id, id);
    if (s.assignee_id === body.assignee_id && s.supplier === supplier) return;
    await repo.updateSignalement(tx, id, { assignee_id: body.assignee_id, supplier });
    await who.audit(id)(tx, {
      ...(s.assignee_id !== body.assignee_id
        ? { assignee_id: { before: s.assignee_id, after: body.assignee_id } }
        : {}),
      ...(s.supplier !== supplier ? { supplier: { before: s.supplier, after: supplier } } : {}),
    });
  });
  return detail(deps, who.coproId, id);
}

const openStatus = z.enum(['NOUVEAU', 'PRIS_EN_COMPTE', 'PLANIFIE']);

/**
 * Merges a duplicate into another open report of the building: the duplicate is closed and
 * marked merged, its author and supporters follow the other one (as « moi aussi »), and they are
 * told where to follow it.
 */
export async function mergeOnBoard(deps: SignalementsDeps, who: BoardActor, id: string, into: string) {
  const refuse = (m: string) => new AppError('VALIDATION_ERROR', m, { errors: { into: m } });
  if (into === id) throw refuse('Un signalement ne se fusionne pas avec lui-même.');
  await ofBuilding(deps, who.coproId, id);
  const target = await board.oneCard(deps.db, who.coproId, into);
  if (!target) throw refuse("Ce signalement n'est pas de cet immeuble.");
  const staged = await deps.db.transaction(async (tx) => {
    // Locked in id order, so two merges of the same pair wait for each other without a deadlock.
    const [a, b] = [id, into].sort();
    const locked = new Map([
      [a, await mine(tx, who.syndic.id, a!)],
      [b, await mine(tx, who.syndic.id, b!)],
    ]);
    const dup = locked.get(id)!;
    const keep = locked.get(into)!;
    if (dup.merged_into_id) throw refuse('Ce signalement est déjà fusionné.');
    if (keep.merged_into_id || !openStatus.safeParse(keep.status).success)
      throw refuse('Choisissez un signalement encore ouvert.');
    const moved = await board.moveFollowers(tx, dup, keep);
    await repo.insertEvent(tx, {
      signalement_id: id,
      kind: 'STATUS',
      status: 'CLOS',
      text: `Fusionné avec «\u202f${keep.title}\u202f».`,
      by: 'syndic',
      author_name: who.authorName,
    });
    await repo.updateSignalement(tx, id, { status: 'CLOS', planned_on: null, merged_into_id: into });
    await who.audit(id)(tx, {
      status: { before: dup.status, after: 'CLOS' },
      merged_into_id: { before: null, after: into },
    });
    await who.audit(into)(tx, {
      supporters: { before: keep.supporters, after: keep.supporters + moved.length },
    });
    return tellFollowers(tx, deps, id, null, signalementMergedNotice({ title: dup.title, into: keep.title }));
  });
  await staged.afterCommit().catch(() => undefined);
  return detail(deps, who.coproId, id);
}
