import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema/index.js';
import { sqlStatsLogger } from '../http/request-stats.js';

export const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

export type Db = ReturnType<typeof drizzlePg<typeof schema>>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  ping(): Promise<void>;
  close(): Promise<void>;
}

/**
 * DATABASE_URL set → PostgreSQL through a node-postgres pool; otherwise PGlite in
 * `dataDir` (or in memory when dataDir is null). Same schema, same migrations.
 */
export async function openDatabase(opts: {
  url?: string;
  dataDir?: string | null;
  pglite?: PGlite;
}): Promise<Database> {
  if (opts.url) {
    const pool = new pg.Pool({ connectionString: opts.url, max: 10 });
    // A dropped connection must not crash the process; queries will fail and /health answers 503.
    pool.on('error', () => {});
    const db = drizzlePg(pool, { schema, logger: sqlStatsLogger });
    return {
      db,
      kind: 'postgres',
      migrate: () => migratePg(db, { migrationsFolder }),
      ping: async () => {
        await pool.query('select 1');
      },
      close: () => pool.end(),
    };
  }
  const client = opts.pglite ?? (opts.dataDir ? new PGlite(opts.dataDir) : new PGlite());
  const db = drizzlePglite(client, { schema, logger: sqlStatsLogger }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    migrate: () => migratePglite(db as never, { migrationsFolder }),
    ping: async () => {
      await client.query('select 1');
    },
    close: () => client.close(),
  };
}
