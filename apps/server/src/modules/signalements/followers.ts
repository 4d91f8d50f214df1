import { stageNotification, type Tx } from '../notifications/notify.js';
import type { SignalementsDeps } from './deps.js';
import * as repo from './signalements.repo.js';

/**
 * Tells a report's author and supporters (but not `except`, who made the change) through the one
 * `notify`, with the kind SIGNALEMENT their preferences are read by, inside the caller's transaction.
 */
export async function tellFollowers(
  tx: Tx,
  deps: Pick<SignalementsDeps, 'db' | 'realtime' | 'config'>,
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
    { ...text, type: 'SIGNALEMENT', url: `/{id}/signalements/${signalementId}` },
  );
}
