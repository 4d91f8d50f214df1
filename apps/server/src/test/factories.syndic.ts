import type { SyndicScope } from '@tantieme/contract';
import type { Db } from '../db/client.js';
import { createApiKey } from '../modules/syndic-api/kit/keys.js';
import { makeSyndic } from './factories.js';
import { json, type TestApp } from './harness.js';

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

/** Building W-IMM and its co-owner W-C1 (Roux, with an e-mail), put through the syndic API; the record's id. */
export async function putCoOwner(t: TestApp, headers: Record<string, string>) {
  const put = (u: string, payload: object) =>
    t.app.inject({ method: 'PUT', url: `/api/syndic/v1${u}`, headers, payload });
  await put('/coproprietes/W-IMM', {
    name: 'Les Acacias',
    address: { full_address: '2 rue des Acacias 69008 Lyon' },
  });
  const res = await put('/coproprietaires/W-C1', {
    copropriete: 'W-IMM',
    last_name: 'Roux',
    contacts: [{ last_name: 'Roux', emails: [{ value: 'roux@example.fr' }] }],
  });
  return json(res).data.id as string;
}
