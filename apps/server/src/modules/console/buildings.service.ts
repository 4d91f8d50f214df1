import { type BuildingBody, coproprieteBody } from '@tantieme/contract';
import type { Db } from '../../db/client.js';
import { AppError } from '../../http/errors.js';
import { type ConsoleActor, consoleApiContext } from '../access/console.guard.js';
import { adoptExternalIds, type SyndicApiContext } from '../syndic-api/kit/index.js';
import { coproprietes } from '../syndic-api/portfolio/buildings.service.js';
import { building } from './console.service.js';
import { adoptBuilding } from './refs.js';
import { apiBody, newConsoleExternalId, renamingErrors } from './writes.js';

/** The console's address (from the autocomplete) as the syndic API stores it. */
function apiAddress(a: BuildingBody['address']) {
  const street = [a.number, a.street].filter(Boolean).join(' ');
  return {
    full_address: a.full_address,
    street: street || null,
    zip_code: a.zip_code || null,
    city: a.city || null,
    country: a.country || null,
    latitude: a.latitude,
    longitude: a.longitude,
  };
}

const rename = (f: string) => f;

/**
 * Creates a copropriété through the syndic API's own resource (same rows, same audit line). A
 * gestionnaire who creates it is given it, so it stays within their reach.
 */
export async function createBuilding(db: Db, actor: ConsoleActor, body: BuildingBody) {
  if (actor.kind !== 'staff') throw new AppError('FORBIDDEN');
  const api = consoleApiContext(actor, actor.syndic.id, actor.syndic.alias);
  const administrators =
    actor.buildingIds === null
      ? []
      : [...(await adoptExternalIds(db, api.syndicId, 'administrator', [actor.staffId!])).values()];
  const data = apiBody(coproprieteBody, {
    name: body.name,
    address: apiAddress(body.address),
    administrators,
  });
  const done = await renamingErrors(() => coproprietes.put(db, api, newConsoleExternalId(), data), rename);
  return building(db, done.id);
}

/** Changes the name and address (the rest of the building's API resource unchanged). */
export async function updateBuilding(db: Db, api: SyndicApiContext, coproId: string, body: BuildingBody) {
  const ext = await adoptBuilding(db, api.syndicId, coproId);
  const current = await coproprietes.get(db, api, ext);
  const { id: _id, external_id: _ext, ...rest } = current;
  const data = apiBody(coproprieteBody, { ...rest, name: body.name, address: apiAddress(body.address) });
  await renamingErrors(() => coproprietes.put(db, api, ext, data), rename);
  return building(db, coproId);
}
