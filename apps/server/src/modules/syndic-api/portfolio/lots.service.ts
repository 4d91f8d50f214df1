import {
  type LotBody,
  lotItem,
  type RepartitionBody,
  repartitionItem,
  tantiemesTotalError,
} from '@tantieme/contract';
import { lotRemoval, repartitionRemoval } from '../accounts/removals.js';
import { addFieldError, type BulkItem, externalResource, type ItemErrors } from '../kit/index.js';
import { checkCopro, checkRefs, checkSameCopro } from './checks.js';
import * as repo from './lots.repo.js';
import { R } from './portfolio.repo.js';
import * as reps from './repartitions.repo.js';

// ── lots ───────────────────────────────────────────────────────────────────────

export const lots = externalResource({
  remove: lotRemoval,
  item: lotItem,
  spec: (api) => ({
    resource: R.lot,
    load: (tx, ids) => repo.loadLots(tx, api.syndicId, ids),
    insert: (tx, rows) => repo.insertLots(tx, api.syndicId, rows),
    updateMany: (tx, rows) => repo.updateLots(tx, rows),
  }),
  check: async (tx, api, items: BulkItem<LotBody>[]) => {
    const errors: ItemErrors = new Map();
    const coproIds = await checkCopro(tx, api, items, errors);
    const mine = await checkSameCopro(tx, api, R.lot, items, errors, (ids) =>
      repo.loadLots(tx, api.syndicId, ids),
    );
    // A lot number is unique in its building: in this call and against the lots stored.
    const seen = new Map<string, number>();
    const pairs = items.flatMap((i) => {
      const coproId = coproIds.get(i.data.copropriete);
      return coproId ? [{ i, coproId, number: i.data.number }] : [];
    });
    const taken = await repo.lotNumbersTaken(tx, pairs);
    for (const p of pairs) {
      const key = `${p.coproId}|${p.number}`;
      const holder = taken.get(key);
      if (seen.has(key) || (holder && holder !== mine.get(p.i.externalId)))
        addFieldError(
          errors,
          p.i.index,
          'number',
          `Le lot n° ${p.number} existe déjà dans cette copropriété.`,
        );
      seen.set(key, p.i.index);
    }
    return errors;
  },
});

// ── répartitions et tantièmes ──────────────────────────────────────────────────

export const repartitions = externalResource({
  remove: repartitionRemoval,
  item: repartitionItem,
  spec: (api) => ({
    resource: R.repartition,
    load: (tx, ids) => reps.loadRepartitions(tx, api.syndicId, ids),
    insert: (tx, rows) => reps.insertRepartitions(tx, api.syndicId, rows),
    updateMany: (tx, rows) => reps.updateRepartitions(tx, api.syndicId, rows),
  }),
  check: async (tx, api, items: BulkItem<RepartitionBody>[]) => {
    const errors: ItemErrors = new Map();
    const coproIds = await checkCopro(tx, api, items, errors);
    const lotIds = await checkRefs(
      tx,
      api,
      items,
      errors,
      R.lot,
      (d) => d.tantiemes.map((t, k) => ({ field: `tantiemes.${k}.lot`, ext: t.lot })),
      'Lot',
    );
    await checkSameCopro(tx, api, R.repartition, items, errors, (ids) =>
      reps.loadRepartitions(tx, api.syndicId, ids),
    );
    const lotCopro = await repo.lotCopros(tx, [...lotIds.values()]);
    for (const i of items) {
      const coproId = coproIds.get(i.data.copropriete);
      const seen = new Set<string>();
      i.data.tantiemes.forEach((t, k) => {
        const lotId = lotIds.get(t.lot);
        if (seen.has(t.lot))
          addFieldError(errors, i.index, `tantiemes.${k}.lot`, `Le lot ${t.lot} est en double.`);
        else if (lotId && coproId && lotCopro.get(lotId) !== coproId)
          addFieldError(
            errors,
            i.index,
            `tantiemes.${k}.lot`,
            `Le lot ${t.lot} n'est pas dans cette copropriété.`,
          );
        seen.add(t.lot);
      });
      const mismatch = tantiemesTotalError(
        i.data.tantiemes.map((t) => t.tantieme),
        i.data.total_tantieme,
      );
      if (mismatch) addFieldError(errors, i.index, 'tantiemes', mismatch);
    }
    for (const i of items) i.data.tantiemes.sort((a, b) => a.lot.localeCompare(b.lot));
    return errors;
  },
});
