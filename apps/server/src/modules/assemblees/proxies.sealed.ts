import type { Db } from '../../db/client.js';
import { AppError } from '../../http/errors.js';
import type { StorageAdapter } from '../../platform/storage.js';
import type { OwnedRecord } from '../access/access.service.js';
import * as proxiesRepo from './proxies.repo.js';
import * as registerRepo from './register.repo.js';

/**
 * A signed URL of a proxy's sealed PDF, for its mandant or its mandataire only: anybody else, a
 * proxy of another assembly or one not sealed yet is a 404, like a proxy that does not exist.
 */
export async function sealedProxyUrl(
  db: Db,
  storage: StorageAdapter,
  record: OwnedRecord,
  assembleeId: string,
  proxyId: string,
) {
  const found = await registerRepo.findInCopropriete(db, assembleeId, record.copropriete.id);
  if (!found) throw new AppError('NOT_FOUND');
  const proxy = await proxiesRepo.findProxy(db, assembleeId, proxyId);
  const me = record.coproprietaire.id;
  if (!proxy || (proxy.mandant_id !== me && proxy.mandataire_id !== me)) throw new AppError('NOT_FOUND');
  const file = await proxiesRepo.sealedFileOfProxy(db, proxy.id);
  if (!file) throw new AppError('NOT_FOUND');
  const name = `Pouvoir scellé - ${found.assemblee.name}.pdf`;
  return { url: await storage.signedGetUrl(file.storage_key, 600, { download: name }), name };
}
