import type { Db } from '../../../db/client.js';
import * as agRepo from '../../assemblees/assemblees.repo.js';
import { type SyndicApiContext, writeAudit } from '../kit/index.js';
import { queueSyndicEvent } from '../webhooks/webhooks.service.js';
import * as repo from './assemblees.repo.js';
import { AG } from './assemblees.repo.js';
import { assembleeOf } from './common.js';
import { tally } from './register.service.js';

/** status_session of an assembly held and closed (1: session started; null: not yet). */
export const SESSION_CLOSED = 2;

/**
 * Closes the assembly once held: no vote of any kind is taken any more, and the syndic's
 * software hears `assemblee.closed` with the legal tally as it stands, in the same transaction
 * (the outbox: no event for a close that rolls back). A second close changes nothing.
 */
export async function closeAssemblee(db: Db, api: SyndicApiContext, externalId: string) {
  return db.transaction(async (tx) => {
    const found = await assembleeOf(tx, api, externalId);
    const ag = (await agRepo.lockAssemblee(tx, found.id))!;
    if (ag.status_session === SESSION_CLOSED)
      return { result: 'unchanged' as const, status_session: SESSION_CLOSED };
    await repo.updateAssemblee(tx, ag.id, { status_session: SESSION_CLOSED });
    await writeAudit(tx, api, [
      {
        action: 'updated',
        resource: AG,
        resourceId: ag.id,
        externalId,
        changes: { status_session: { before: ag.status_session, after: SESSION_CLOSED } },
      },
    ]);
    await queueSyndicEvent(tx, api.syndicId, 'assemblee.closed', {
      assemblee: { id: ag.id, external_id: externalId },
      tally: await tally(tx, api, externalId),
    });
    return { result: 'updated' as const, status_session: SESSION_CLOSED };
  });
}
