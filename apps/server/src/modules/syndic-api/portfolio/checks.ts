import {
  addFieldError,
  type BulkItem,
  type ItemErrors,
  resolveExternalIds,
  type SyndicApiContext,
  type Tx,
} from '../kit/index.js';

/** References to another resource of the syndic by external_id; unknown ones are item errors. */
export async function checkRefs<T>(
  tx: Tx,
  api: SyndicApiContext,
  items: BulkItem<T>[],
  errors: ItemErrors,
  resource: string,
  refs: (d: T) => { field: string; ext: string }[],
  label: string,
) {
  const all = items.flatMap((i) => refs(i.data).map((r) => r.ext));
  const found = await resolveExternalIds(tx, api.syndicId, resource, all);
  for (const i of items)
    for (const r of refs(i.data))
      if (!found.has(r.ext)) addFieldError(errors, i.index, r.field, `${label} inconnu(e)\u202f: ${r.ext}`);
  return found;
}

/** The building of the item: an unknown copropriété is an error on its field. */
export const checkCopro = <T extends { copropriete: string }>(
  tx: Tx,
  api: SyndicApiContext,
  items: BulkItem<T>[],
  errors: ItemErrors,
) =>
  checkRefs(
    tx,
    api,
    items,
    errors,
    'copropriete',
    (d) => [{ field: 'copropriete', ext: d.copropriete }],
    'Copropriété',
  );

/** A resource's building may not change: its lots, charges and history belong to that building. */
export async function checkSameCopro<T extends { copropriete: string }>(
  tx: Tx,
  api: SyndicApiContext,
  resource: string,
  items: BulkItem<T>[],
  errors: ItemErrors,
  load: (ids: string[]) => Promise<Map<string, { copropriete: string }>>,
) {
  const existing = await resolveExternalIds(
    tx,
    api.syndicId,
    resource,
    items.map((i) => i.externalId),
  );
  if (existing.size === 0) return existing;
  const current = await load([...existing.values()]);
  for (const i of items) {
    const id = existing.get(i.externalId);
    const before = id ? current.get(id) : undefined;
    if (before && before.copropriete !== i.data.copropriete)
      addFieldError(
        errors,
        i.index,
        'copropriete',
        "La copropriété d'une ressource existante ne change pas.",
      );
  }
  return existing;
}
