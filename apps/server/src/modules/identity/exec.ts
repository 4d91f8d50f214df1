import type { Db } from '../../db/client.js';

/** A database handle or a transaction: what repo functions need to run a query. */
export type Exec = Pick<Db, 'select' | 'insert' | 'update' | 'delete'>;
