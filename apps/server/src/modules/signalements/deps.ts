import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import type { StorageAdapter } from '../../platform/storage.js';
import type { Realtime } from '../../realtime/index.js';

export interface SignalementsDeps {
  db: Db;
  storage: StorageAdapter;
  realtime: Realtime;
  config: Pick<Config, 'env' | 'publicUrl'>;
}
