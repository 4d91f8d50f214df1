import type { Db, Executor, Tx } from '../../../db/client.js';
import { AppError } from '../../../http/errors.js';
import { diff, writeAudit } from './audit.js';
import type { SyndicApiContext } from './route.js';
import { forgetExternalId, requireExternalId } from './refs.js';

/**
 * Deletes one resource the syndic created, in one transaction with its audit entry (the fields
 * it had), and forgets its external_id so that id may create a new resource later.
 */
export async function removeExternal(
  db: Db,
  api: SyndicApiContext,
  resource: string,
  externalId: string,
  load: (tx: Executor, ids: string[]) => Promise<Map<string, Record<string, unknown>>>,
  drop: (tx: Tx, id: string) => Promise<void>,
) {
  return db.transaction(async (tx) => {
    const id = await requireExternalId(tx, api.syndicId, resource, externalId);
    const before = (await load(tx, [id])).get(id);
    if (!before) throw new AppError('NOT_FOUND');
    await drop(tx, id);
    await forgetExternalId(tx, api.syndicId, resource, externalId);
    await writeAudit(tx, api, [
      { action: 'deleted', resource, resourceId: id, externalId, changes: diff(before, null) },
    ]);
    return { result: 'deleted' as const, id, external_id: externalId };
  });
}
