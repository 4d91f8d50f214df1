import { registerState, type SyndicAssembleeBody } from '@tantieme/contract';
import type { Config } from '../../../config.js';
import type { Db } from '../../../db/client.js';
import { AppError } from '../../../http/errors.js';
import type { StorageAdapter } from '../../../platform/storage.js';
import type { Realtime } from '../../../realtime/index.js';
import * as agRepo from '../assemblees.repo.js';
import {
  addFieldError,
  type ItemErrors,
  requireExternalId,
  type SyndicApiContext,
  type Tx,
} from '../../syndic-api/kit/index.js';
import * as repo from './assemblees.repo.js';
import { AG, type LoadedAssemblee } from './assemblees.repo.js';

/** Shared by the assembly's use cases in the syndic API (import, publish, session, register, signatures). */

export type Data = SyndicAssembleeBody & { convocation: LoadedAssemblee['convocation'] };
export type Errors = ItemErrors;
export const add = addFieldError;

/** Uploaded convocation PDFs of one request, by SHA-256, written to storage by insert/update. */
export type Uploads = Map<string, Buffer>;

/** The assembly of the syndic by its external_id, or 404. */
export async function assembleeOf(db: Db | Tx, api: SyndicApiContext, externalId: string) {
  const id = await requireExternalId(db, api.syndicId, AG, externalId);
  const [row] = await repo.assembleesOf(db, api.syndicId, [id]);
  if (!row) throw new AppError('NOT_FOUND');
  return row.ag;
}

export interface Deps {
  db: Db;
  config: Config;
  realtime: Realtime;
  storage: StorageAdapter;
}

export const iso = (d: Date | null) => (d ? d.toISOString() : null);

/**
 * Co-owners who took part according to the register → how: 'correspondence' (a form), 'present' or
 * 'represented' (the last attendance recorded at the meeting). Read from the chained records.
 */
export async function takenPart(db: Db | Tx, agId: string) {
  const state = registerState(await agRepo.listRecords(db, agId));
  return new Map([...state].flatMap(([id, st]) => (st.attendance ? [[id, st.attendance] as const] : [])));
}
