import type { Db, Executor } from '../../db/client.js';
import { removeStored } from '../../platform/images.js';
import type { StorageAdapter } from '../../platform/storage.js';
import { insertRemovals, isReferenced, laterRemovalPending, REMOVAL_CHANNEL } from './removal.repo.js';

export { REMOVAL_CHANNEL };

/**
 * Stored files are removed by the outbox worker, never inside a write: the removal is a row
 * written in the transaction that lets go of the file, so a rolled-back write removes nothing and
 * a crash after the commit still removes it. The worker checks again that nothing names the key.
 */

/** Keys a committed write no longer names (a file replaced, a document deleted): removed at once. */
export function releaseKeys(tx: Executor, keys: string[]) {
  return insertRemovals(
    tx,
    [...new Set(keys)].map((key) => ({ key, reason: 'released' as const, at: null })),
  );
}

/** A presigned upload's staging object: removed at `at`, registered or not (its bytes were copied). */
export function sweepUploadsAt(db: Executor, keys: string[], at: Date) {
  return insertRemovals(
    db,
    [...new Set(keys)].map((key) => ({ key, reason: 'upload' as const, at })),
  );
}

/** Only the keys of files the syndic API writes are ever removed this way. */
const REMOVABLE = /^(uploads\/syndic|syndic)\//;

/** The outbox handler of a removal row (throws to be retried, like any delivery). */
export async function removeIfUnused(
  db: Db,
  storage: StorageAdapter | null,
  row: { id: string; recipient: string; body: string; next_attempt_at: Date | null },
) {
  if (!storage) throw new Error('no storage adapter given to the worker');
  const key = row.recipient;
  if (!REMOVABLE.test(key)) return;
  // Announced again since: the later removal, due when the new URL has expired, takes it.
  if (
    row.body === 'upload' &&
    (await laterRemovalPending(db, key, row.id, row.next_attempt_at ?? new Date()))
  )
    return;
  if (await isReferenced(db, key)) return;
  await removeStored(storage, key);
}
