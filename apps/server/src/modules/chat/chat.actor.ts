import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import type { StorageAdapter } from '../../platform/storage.js';
import type { Realtime } from '../../realtime/index.js';
import type { OwnedRecord } from '../access/access.service.js';

/**
 * Who acts in a conversation: a co-owner record, or a staff member of a syndic speaking as
 * 'the syndic' (participant = the syndic, author = the staff member's administrator id).
 */
export type ChatActor =
  | { kind: 'record'; participantId: string; record: OwnedRecord }
  | {
      kind: 'staff';
      participantId: string;
      syndicId: string;
      administratorId: string;
      name: string;
    };

export interface ChatDeps {
  db: Db;
  storage: StorageAdapter;
  realtime: Realtime;
  /** For the notification of a new message (notify.ts: e-mail links). */
  config: Pick<Config, 'env' | 'publicUrl'>;
}

export const recordActor = (record: OwnedRecord): ChatActor => ({
  kind: 'record',
  participantId: record.coproprietaire.id,
  record,
});

export const roomOf = (type: string, id: string) =>
  type === 'syndic' ? `syndic:${id}` : `coproprietaire:${id}`;
export const ALLOW_KEY_DEFAULT = '0';
