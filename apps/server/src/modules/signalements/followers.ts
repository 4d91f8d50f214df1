import {
  canSeeSignalement,
  SIGNALEMENT_PLACE_LABELS,
  type SignalementPlace,
  type SignalementVisibility,
} from '@tantieme/contract';
import { stageNotification, type Tx } from '../notifications/notify.js';
import type { SignalementsDeps } from './deps.js';
import * as repo from './signalements.repo.js';

type NotifyDeps = Pick<SignalementsDeps, 'db' | 'realtime' | 'config'>;

export const linkTo = (signalementId: string) => `/{id}/signalements/${signalementId}`;

/**
 * Tells a report's author and supporters (but not `except`, who made the change) through the one
 * `notify`, with the kind SIGNALEMENT their preferences are read by, inside the caller's transaction.
 */
export async function tellFollowers(
  tx: Tx,
  deps: NotifyDeps,
  signalementId: string,
  except: string | null,
  text: { title: string; body: string },
) {
  const s = await repo.findOne(tx, signalementId);
  const supporters = await repo.supportersOf(tx, signalementId);
  const ids = [...new Set([s?.s.author_id, ...supporters.map((x) => x.id)])].filter(
    (id): id is string => !!id && id !== except,
  );
  return stageNotification(
    tx,
    deps,
    { coproprietaireIds: ids },
    { ...text, type: 'SIGNALEMENT', url: linkTo(signalementId) },
  );
}

/**
 * Tells the building's council of a new report, by the channels each member chose for
 * signalements; never its author, and a private report only to whom the visibility rule shows it
 * (decision 152).
 */
export async function tellCouncil(
  tx: Tx,
  deps: NotifyDeps,
  report: {
    id: string;
    copropriete_id: string;
    author_id: string;
    title: string;
    place: string;
    visibility: string;
  },
  authorName: string,
) {
  const visible = { ...report, visibility: report.visibility as SignalementVisibility };
  const ids = (await repo.councilOf(tx, report.copropriete_id))
    .filter((m) => m.id !== report.author_id)
    .filter((m) =>
      canSeeSignalement(
        {
          coproprietaire_id: m.id,
          copropriete_id: report.copropriete_id,
          is_member_syndicat: m.is_member_syndicat,
        },
        visible,
      ),
    )
    .map((m) => m.id);
  return stageNotification(
    tx,
    deps,
    { coproprietaireIds: ids },
    { ...councilNotice(report, authorName), type: 'SIGNALEMENT', url: linkTo(report.id) },
  );
}

/** What the council reads of a new report: its title, author and place, never its description (an SMS may carry it). */
export function councilNotice(report: { title: string; place: string }, authorName: string) {
  const where =
    report.place === 'LOT'
      ? 'dans son lot'
      : `dans les parties communes (${SIGNALEMENT_PLACE_LABELS[report.place as SignalementPlace] ?? report.place})`;
  return {
    title: `Nouveau signalement\u202f: ${report.title}`,
    body: `${authorName} signale un problème ${where}.`,
  };
}
