import { and, eq, gt, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { files, outbox, supplierInvoices } from '../../db/schema/index.js';

/** The outbox kind of a stored file's removal (its row's `channel`). */
export const REMOVAL_CHANNEL = 'storage-removal';

/** One removal row per key: `recipient` holds the key, `body` why, due at `at` (null: at once). */
export async function insertRemovals(
  tx: Executor,
  rows: { key: string; reason: 'upload' | 'released'; at: Date | null }[],
) {
  if (!rows.length) return;
  await tx.insert(outbox).values(
    rows.map((r) => ({
      channel: REMOVAL_CHANNEL,
      recipient: r.key,
      body: r.reason,
      next_attempt_at: r.at,
    })),
  );
}

/** Does a `files` row or a supplier invoice's source still name this key? */
export async function isReferenced(db: Executor, key: string) {
  const [file] = await db.select({ id: files.id }).from(files).where(eq(files.storage_key, key)).limit(1);
  if (file) return true;
  const [invoice] = await db
    .select({ id: supplierInvoices.id })
    .from(supplierInvoices)
    .where(sql`${supplierInvoices.source_urls} @> ${JSON.stringify([{ path: key }])}::jsonb`)
    .limit(1);
  return !!invoice;
}

/** A removal of the same key due after `at` (the upload announced again, its URL given anew). */
export async function laterRemovalPending(db: Executor, key: string, rowId: string, at: Date) {
  const [row] = await db
    .select({ id: outbox.id })
    .from(outbox)
    .where(
      and(
        eq(outbox.channel, REMOVAL_CHANNEL),
        eq(outbox.recipient, key),
        eq(outbox.status, 'pending'),
        ne(outbox.id, rowId),
        gt(outbox.next_attempt_at, at),
      ),
    )
    .limit(1);
  return !!row;
}
