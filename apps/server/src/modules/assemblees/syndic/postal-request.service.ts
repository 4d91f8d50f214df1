import type { Db } from '../../../db/client.js';
import { requireExternalId, type SyndicApiContext, writeAudit } from '../../syndic-api/kit/index.js';
import { postalRequestState, requestPost } from '../../settings/postal.service.js';
import { REF } from './assemblees.repo.js';

/**
 * A co-owner's request for the post received by letter (loi 1965 art. 42-1), recorded by the syndic
 * with its date of receipt; the settings module holds it. A request already in force is kept
 * (idempotent: 'unchanged'), so the earliest date of receipt stays the one that counts.
 */
export async function recordPostalRequest(
  db: Db,
  api: SyndicApiContext,
  ownerExt: string,
  receivedAt: string,
) {
  return db.transaction(async (tx) => {
    const ownerId = await requireExternalId(tx, api.syndicId, REF.coproprietaire, ownerExt);
    const before = await postalRequestState(tx, ownerId);
    if (before.active) return before;
    const after = await requestPost(tx, ownerId, 'syndic', null, new Date(receivedAt));
    await writeAudit(tx, api, [
      {
        action: 'updated',
        resource: REF.coproprietaire,
        resourceId: ownerId,
        externalId: ownerExt,
        changes: { postal_request: { before: null, after: after.active } },
      },
    ]);
    return after;
  });
}
