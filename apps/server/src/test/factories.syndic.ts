import type { SyndicScope } from '@tantieme/contract';
import type { Db } from '../db/client.js';
import { createApiKey } from '../modules/syndic-api/kit/keys.js';
import { makeSyndic } from './factories.js';

/** A fresh syndic and an API key of it (all scopes unless told), with the header to send. */
export async function makeSyndicWithKey(
  db: Db,
  scopes: SyndicScope[] = ['read', 'write', 'webhooks'],
  syndic?: { id: string },
) {
  const s = syndic ?? (await makeSyndic(db));
  const created = await createApiKey(db, { syndicId: s.id, name: `Clé ${scopes.join('+')}`, scopes });
  return { syndic: s, key: created.key, keyId: created.id, headers: { 'x-api-key': created.key } };
}
