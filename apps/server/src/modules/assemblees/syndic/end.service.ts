import { AppError } from '../../../http/errors.js';
import { assembleeSigner } from '../../../platform/signing.js';
import * as agRepo from '../assemblees.repo.js';
import { issueHead, notifySignedHead } from '../head.service.js';
import { type SyndicApiContext, writeAudit } from '../../syndic-api/kit/index.js';
import * as repo from './assemblees.repo.js';
import { AG } from './assemblees.repo.js';
import { queueSyndicEvent } from '../../syndic-api/webhooks/webhooks.service.js';
import { assembleeOf, type Deps } from './common.js';
import { tally } from './register.service.js';

/**
 * Closes the assembly once held (status_session 2, the time it ended): the register's head is signed
 * and sent to every participant with the notification, as at the close of the vote, so what they
 * hold covers the votes cast in session too; the syndic's software hears `assemblee.closed` with the
 * final tally and that head, in the same transaction (the outbox: no event for a close that rolls
 * back). Only after start-session; a second call changes nothing.
 */
export function closeAssemblee(deps: Deps, api: SyndicApiContext, externalId: string) {
  return closeAssembleeOf(deps, api, async (tx) => (await assembleeOf(tx, api, externalId)).id, externalId);
}

/**
 * closeAssemblee for an assembly found by `find` (the console names it by id). Without an
 * external_id the syndic's software does not know the assembly: no `assemblee.closed` for it.
 */
export async function closeAssembleeOf(
  deps: Deps,
  api: SyndicApiContext,
  find: (tx: agRepo.Tx) => Promise<string>,
  externalId: string | null,
) {
  let afterCommit: () => Promise<void> = async () => {};
  const result = await deps.db.transaction(async (tx) => {
    const ag = (await agRepo.lockAssemblee(tx, await find(tx)))!;
    if (ag.status_session === 2) return { result: 'unchanged' as const, status_session: 2, head: null };
    if (ag.status_session !== 1)
      throw new AppError('CONFLICT', "La séance n'a pas commencé\u202f: appelez d'abord start-session.", {
        status: 409,
      });
    const now = new Date();
    await repo.updateAssemblee(tx, ag.id, { status_session: 2, date_effectue: now });
    const head = await issueHead(tx, assembleeSigner(deps.config), ag.id, 'ended', now);
    afterCommit = await notifySignedHead(tx, deps, { assemblee: ag, head });
    await writeAudit(tx, api, [
      {
        action: 'updated',
        resource: AG,
        resourceId: ag.id,
        externalId,
        changes: { status_session: { before: 1, after: 2 } },
      },
    ]);
    const { count, digest, signed_at, signature } = head;
    if (externalId)
      await queueSyndicEvent(tx, api.syndicId, 'assemblee.closed', {
        assemblee: { id: ag.id, external_id: externalId },
        tally: await tally(tx, api, externalId),
        head: { count, digest, signed_at, signature },
      });
    return { result: 'updated' as const, status_session: 2, head: { count, digest, signed_at, signature } };
  });
  await afterCommit();
  return result;
}
