import {
  type LotBodyConsole,
  lotBody,
  type RepartitionBodyConsole,
  repartitionBody,
  type TantiemesBody,
  tantiemesDifference,
  tantiemesTotalError,
} from '@tantieme/contract';
import type { Db } from '../../db/client.js';
import { AppError } from '../../http/errors.js';
import { adoptExternalIds, type SyndicApiContext } from '../syndic-api/kit/index.js';
import { lots, repartitions } from '../syndic-api/portfolio/lots.service.js';
import * as repo from './lots.repo.js';
import { adoptBuilding } from './refs.js';
import { apiBody, newConsoleExternalId, renamingErrors } from './writes.js';

/** The lots with their tantièmes and owners, and each key checked against its lots' sum. */
export async function lotsAndKeys(db: Db, coproId: string) {
  const { lotRows, keys, shares, owners } = await repo.lotsAndKeys(db, coproId);
  const byLot = new Map<string, Record<string, number>>();
  const byKey = new Map<string, number[]>();
  for (const s of shares) {
    byLot.set(s.lot_id, { ...byLot.get(s.lot_id), [s.repartition_id]: s.tantieme });
    byKey.set(s.repartition_id, [...(byKey.get(s.repartition_id) ?? []), s.tantieme]);
  }
  return {
    lots: lotRows.map((l) => ({
      id: l.id,
      number: l.lot_id,
      name: l.name,
      type_name: l.type_name,
      floor: l.floor,
      tantiemes: byLot.get(l.id) ?? {},
      coproprietaires: owners.filter((o) => o.lot_id === l.id).map((o) => ({ id: o.id, name: o.name })),
    })),
    repartitions: keys.map((k) => {
      const t = byKey.get(k.id) ?? [];
      return {
        id: k.id,
        code: k.code,
        name: k.name,
        total_tantieme: k.total_tantieme,
        sum: t.reduce((s, x) => s + x, 0),
        difference: tantiemesDifference(t, k.total_tantieme),
        error: tantiemesTotalError(t, k.total_tantieme),
      };
    }),
  };
}

const coproExt = (db: Db, api: SyndicApiContext, coproId: string) => adoptBuilding(db, api.syndicId, coproId);

const sameField = (f: string) => f;

function lotData(copropriete: string, b: LotBodyConsole) {
  return apiBody(lotBody, {
    copropriete,
    number: b.number,
    name: b.name || `Lot ${b.number}`,
    type_name: b.type_name,
    floor: b.floor || null,
  });
}

export async function createLot(db: Db, api: SyndicApiContext, coproId: string, b: LotBodyConsole) {
  const data = lotData(await coproExt(db, api, coproId), b);
  await renamingErrors(() => lots.put(db, api, newConsoleExternalId(), data), sameField);
  return lotsAndKeys(db, coproId);
}

export async function updateLot(
  db: Db,
  api: SyndicApiContext,
  coproId: string,
  lotId: string,
  b: LotBodyConsole,
) {
  if (!(await repo.lotIdsOf(db, coproId)).has(lotId)) throw new AppError('NOT_FOUND');
  const data = lotData(await coproExt(db, api, coproId), b);
  const ext = (await adoptExternalIds(db, api.syndicId, 'lot', [lotId])).get(lotId)!;
  await renamingErrors(() => lots.put(db, api, ext, data), sameField);
  return lotsAndKeys(db, coproId);
}

export async function createRepartition(
  db: Db,
  api: SyndicApiContext,
  coproId: string,
  b: RepartitionBodyConsole,
) {
  const data = apiBody(repartitionBody, {
    copropriete: await coproExt(db, api, coproId),
    ...b,
    tantiemes: [],
  });
  await renamingErrors(() => repartitions.put(db, api, newConsoleExternalId(), data), sameField);
  return lotsAndKeys(db, coproId);
}

/** Changes a key's code, name or total; its tantièmes stay (the check then names the difference). */
export async function updateRepartition(
  db: Db,
  api: SyndicApiContext,
  coproId: string,
  repartitionId: string,
  b: RepartitionBodyConsole,
) {
  if (!(await repo.repartitionIdsOf(db, coproId)).has(repartitionId)) throw new AppError('NOT_FOUND');
  // Every lot addressable first: the key's resource names its lots by external id.
  await adoptBuilding(db, api.syndicId, coproId);
  const ext = (await adoptExternalIds(db, api.syndicId, 'repartition', [repartitionId])).get(repartitionId)!;
  const { id: _id, external_id: _e, ...current } = await repartitions.get(db, api, ext);
  const data = apiBody(repartitionBody, { ...current, ...b });
  // The lots' sum against the new total: the total is what this call changed.
  await renamingErrors(
    () => repartitions.put(db, api, ext, data),
    (f) => (f === 'tantiemes' ? 'total_tantieme' : f),
  );
  return lotsAndKeys(db, coproId);
}

/**
 * Sets whole keys' tantièmes, each through the syndic API's key resource (which refuses a sum
 * that is not the total, the difference named); all keys or none (one transaction).
 */
export async function setTantiemes(db: Db, api: SyndicApiContext, coproId: string, body: TantiemesBody) {
  const [keyIds, lotIds] = await Promise.all([
    repo.repartitionIdsOf(db, coproId),
    repo.lotIdsOf(db, coproId),
  ]);
  body.repartitions.forEach((r, i) => {
    if (!keyIds.has(r.repartition_id))
      throw fieldError(`repartitions.${i}.repartition_id`, 'Clé inconnue dans cette copropriété.');
    r.tantiemes.forEach((t, k) => {
      if (!lotIds.has(t.lot_id))
        throw fieldError(`repartitions.${i}.tantiemes.${k}.lot_id`, 'Lot inconnu dans cette copropriété.');
    });
  });
  await db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    const lotExt = await adoptExternalIds(tx, api.syndicId, 'lot', [...lotIds]);
    const keyExt = await adoptExternalIds(
      tx,
      api.syndicId,
      'repartition',
      body.repartitions.map((r) => r.repartition_id),
    );
    for (const [i, r] of body.repartitions.entries()) {
      const ext = keyExt.get(r.repartition_id)!;
      const { id: _id, external_id: _e, ...current } = await repartitions.get(t, api, ext);
      const tantiemes = r.tantiemes
        .filter((x) => x.tantieme > 0)
        .map((x) => ({ lot: lotExt.get(x.lot_id)!, tantieme: x.tantieme }));
      const data = apiBody(repartitionBody, { ...current, tantiemes });
      await renamingErrors(
        () => repartitions.put(t, api, ext, data),
        (f) => `repartitions.${i}.${f}`,
      );
    }
  });
  return lotsAndKeys(db, coproId);
}

const fieldError = (field: string, message: string) =>
  new AppError('VALIDATION_ERROR', message, { errors: { [field]: message } });
