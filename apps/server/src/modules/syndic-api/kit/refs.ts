import type { Executor } from '../../../db/client.js';
import type { BulkItem } from './bulk.js';
import type { SyndicApiContext } from './route.js';
import { resolveExternalIds } from './upsert.js';

/** Resource names in `syndic_external_refs` and the audit log. */
export const RES = {
  group: 'document_group',
  document: 'document',
  invoice: 'supplier_invoice',
  communication: 'communication',
  copropriete: 'copropriete',
  coproprietaire: 'coproprietaire',
  lot: 'lot',
  repartition: 'repartition',
  charge: 'charge',
} as const;

/** The syndic's ids of the items already stored as this resource (external_id → id). */
export const storedIdsOf = <T>(tx: Executor, api: SyndicApiContext, resource: string, items: BulkItem<T>[]) =>
  resolveExternalIds(
    tx,
    api.syndicId,
    resource,
    items.map((i) => i.externalId),
  );

/** The syndic's references by external_id (another syndic's external_id is unknown here). */
export const refsOf = (tx: Executor, api: SyndicApiContext, resource: string, exts: string[]) =>
  resolveExternalIds(tx, api.syndicId, resource, exts);

/** A reference the item's `check` already found: a missing one is a bug, not a 400. */
export async function checkedId(tx: Executor, api: SyndicApiContext, resource: string, ext: string) {
  const id = (await refsOf(tx, api, resource, [ext])).get(ext);
  if (!id) throw new Error(`${resource} ${ext} vanished after check`);
  return id;
}
