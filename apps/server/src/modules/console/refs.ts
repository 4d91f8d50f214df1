import type { Db } from '../../db/client.js';
import { adoptExternalIds } from '../syndic-api/kit/index.js';
import { lotIdsOf } from './lots.repo.js';
import { administratorIds } from './staff.repo.js';

/**
 * Gives an external id to a building and to everything its API resources name by external id
 * (its lots, the syndic's gestionnaires), so that reading a resource through the shared service
 * and writing it back keeps every link (decision 169). Returns the building's external id.
 */
export async function adoptBuilding(db: Db, syndicId: string, coproId: string) {
  const copro = await adoptExternalIds(db, syndicId, 'copropriete', [coproId]);
  await adoptExternalIds(db, syndicId, 'lot', [...(await lotIdsOf(db, coproId))]);
  await adoptExternalIds(db, syndicId, 'administrator', await administratorIds(db, syndicId));
  return copro.get(coproId)!;
}
