import { type CarnetEntretienStored, carnetEntretienItem } from '@tantieme/contract';
import {
  addFieldError,
  type BulkItem,
  externalResource,
  type ItemErrors,
  resolveExternalIds,
  type SyndicApiContext,
  type Tx,
} from '../kit/index.js';
import * as repo from './carnets.repo.js';

/**
 * The carnet d'entretien in the syndic API (décret 2001-477): one per copropriété, keyed by the
 * syndic's external_id. Its copropriété is checked before anything is written (unknown, or one
 * that already has another carnet: a 400 on `copropriete`) and never changes.
 */
async function check(tx: Tx, api: SyndicApiContext, items: BulkItem<CarnetEntretienStored>[]) {
  const errors: ItemErrors = new Map();
  const fail = (index: number, message: string) => addFieldError(errors, index, 'copropriete', message);
  const copros = await resolveExternalIds(
    tx,
    api.syndicId,
    repo.COPRO,
    items.map((i) => i.data.copropriete),
  );
  const mine = await resolveExternalIds(
    tx,
    api.syndicId,
    repo.CARNET,
    items.map((i) => i.externalId),
  );
  const existing = await repo.carnetsOfCopros(tx, [...copros.values()]);
  const current = mine.size ? await repo.loadCarnets(tx, api.syndicId, [...mine.values()]) : new Map();
  const claimed = new Map<string, string>();
  for (const i of items) {
    const coproId = copros.get(i.data.copropriete);
    if (!coproId) {
      fail(i.index, `Copropriété inconnue : ${i.data.copropriete}`);
      continue;
    }
    const ownId = mine.get(i.externalId);
    const before = ownId ? current.get(ownId) : undefined;
    if (before && before.copropriete !== i.data.copropriete) {
      fail(i.index, "La copropriété d'une ressource existante ne change pas.");
      continue;
    }
    const holder = existing.get(coproId);
    const other = claimed.get(coproId);
    if ((holder && holder !== ownId) || (other && other !== i.externalId)) {
      fail(i.index, `Cette copropriété a déjà un carnet d'entretien : ${i.data.copropriete}`);
      continue;
    }
    claimed.set(coproId, i.externalId);
  }
  return errors;
}

export const carnets = externalResource({
  item: carnetEntretienItem,
  spec: (api) => ({
    resource: repo.CARNET,
    load: (db, ids) => repo.loadCarnets(db, api.syndicId, ids),
    insert: async (tx, rows) => {
      const copros = await resolveExternalIds(
        tx,
        api.syndicId,
        repo.COPRO,
        rows.map((r) => r.data.copropriete),
      );
      await repo.insertCarnets(
        tx,
        api.syndicId,
        rows.map((r) => ({ ...r, coproprieteId: copros.get(r.data.copropriete)! })),
      );
    },
    update: (tx, id, data) => repo.updateCarnet(tx, api.syndicId, id, data),
  }),
  check,
});
