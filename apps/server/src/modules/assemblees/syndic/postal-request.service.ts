import type { Db, Executor } from '../../../db/client.js';
import { AppError } from '../../../http/errors.js';
import {
  adoptExternalIds,
  requireExternalId,
  type SyndicApiContext,
  writeAudit,
} from '../../syndic-api/kit/index.js';
import { recordPostalRequestIn as recordIn } from '../../settings/postal.service.js';
import { postalRequestState, requestPost, withdrawPost } from '../../settings/postal.service.js';
import { REF } from './assemblees.repo.js';

/**
 * A co-owner's request for the post received by letter (loi 1965 art. 42-1), recorded by the syndic
 * with its date of receipt; the settings module holds it. A request already in force is kept
 * (idempotent: 'unchanged'), so the earliest date of receipt stays the one that counts.
 */
async function record(
  tx: Executor,
  api: SyndicApiContext,
  ownerId: string,
  ownerExt: string,
  receivedAt: string,
) {
  const before = await postalRequestState(tx, ownerId);
  if (before.active) return before;
  const after = await requestPost(tx, ownerId, 'syndic', api.userId ?? null, new Date(receivedAt));
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
}

/** The syndic API's entrance: the co-owner by the syndic's external id (unknown: 404). */
export async function recordPostalRequest(
  db: Db,
  api: SyndicApiContext,
  ownerExt: string,
  receivedAt: string,
) {
  return db.transaction(async (tx) => {
    const ownerId = await requireExternalId(tx, api.syndicId, REF.coproprietaire, ownerExt);
    return record(tx, api, ownerId, ownerExt, receivedAt);
  });
}

/** The building's record by our id (another building's: 404), and its external id (given if none). */
async function ownerIn(tx: Executor, api: SyndicApiContext, coproId: string, ownerId: string) {
  const o = await recordIn(tx, coproId, ownerId);
  if (!o) throw new AppError('NOT_FOUND');
  if (o.removed_at || o.anonymised_at)
    throw new AppError(
      'CONFLICT',
      'Ce copropriétaire a été retiré de la copropriété\u202f: rien à enregistrer.',
    );
  return (await adoptExternalIds(tx, api.syndicId, REF.coproprietaire, [ownerId])).get(ownerId)!;
}

/** The console's entrance: the same record, by our ids, within the building the guard checked. */
export async function recordPostalRequestIn(
  db: Db,
  api: SyndicApiContext,
  coproId: string,
  ownerId: string,
  receivedAt: string,
) {
  return db.transaction(async (tx) =>
    record(tx, api, ownerId, await ownerIn(tx, api, coproId, ownerId), receivedAt),
  );
}

/** The co-owner's withdrawal, received by the syndic: the post stops from now (one audit line). */
export async function withdrawPostalRequestIn(
  db: Db,
  api: SyndicApiContext,
  coproId: string,
  ownerId: string,
) {
  return db.transaction(async (tx) => {
    const ownerExt = await ownerIn(tx, api, coproId, ownerId);
    const before = await postalRequestState(tx, ownerId);
    if (!before.active) return before;
    const after = await withdrawPost(tx, ownerId, 'syndic', api.userId ?? null);
    await writeAudit(tx, api, [
      {
        action: 'updated',
        resource: REF.coproprietaire,
        resourceId: ownerId,
        externalId: ownerExt,
        changes: { postal_request: { before: before.active, after: null } },
      },
    ]);
    return after;
  });
}
