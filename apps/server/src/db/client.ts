import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { Logger } from 'drizzle-orm/logger';
import pg from 'pg';
import * as schema from './schema/index.js';

export const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

export type Db = ReturnType<typeof drizzlePg<typeof schema>>;
/** An open transaction of `Db` (what `db.transaction` hands its callback). */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** Either: a read or write that may run inside a caller's transaction or alone. */
export type Executor = Db | Tx;

type StatementListener = (text: string, params: unknown[]) => void;
let statementListener: StatementListener | null = null;

/**
 * Tells `listener` of every statement any database of the process sends (the http layer's
 * per-request counters register here with SQL_STATS=1); null stops it. The database knows no
 * request.
 */
export function onStatement(listener: StatementListener | null) {
  statementListener = listener;
}

/** Drizzle calls this for every statement it sends, on both drivers: passed on, not logged. */
const statementLogger: Logger = {
  logQuery(text, params) {
    statementListener?.(text, params);
  },
};

/**
 * Statements given to a connection while another runs on it (an import's two chunks in one
 * transaction, decision 161) wait their turn here rather than in node-postgres's own queue, which
 * it deprecates (pg 9 refuses a query on a busy client). The callback and streaming forms, which
 * drizzle does not use, pass straight through.
 */
export function oneStatementAtATime(client: Pick<pg.ClientBase, 'query'>) {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  let last: Promise<unknown> = Promise.resolve();
  (client as { query: unknown }).query = (...args: unknown[]) => {
    const first = args[0] as { submit?: unknown } | undefined;
    if (typeof args[args.length - 1] === 'function' || typeof first?.submit === 'function')
      return query(...args);
    const run = last.then(() => query(...args));
    last = run.catch(() => {});
    return run;
  };
}

/**
 * An embedded PGlite with the extensions the migrations create (pg_trgm: the console's search
 * indexes), in `dataDir`, in memory, or from a dump (`loadDataDir`).
 */
export function newPglite(opts: Omit<PGliteOptions, 'extensions'> = {}): PGlite {
  return new PGlite({ ...opts, extensions: { pg_trgm } });
}

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  ping(): Promise<void>;
  close(): Promise<void>;
  /** The PostgreSQL pool's connections (the metrics); none on PGlite. */
  pool?: () => { total: number; idle: number; waiting: number };
}

/**
 * DATABASE_URL set → PostgreSQL through a node-postgres pool; otherwise PGlite in
 * `dataDir` (or in memory when dataDir is null). Same schema, same migrations.
 */
export async function openDatabase(opts: {
  url?: string;
  dataDir?: string | null;
  pglite?: PGlite;
  /** Connections of the PostgreSQL pool (DATABASE_POOL_MAX, 10 by default). */
  poolMax?: number;
}): Promise<Database> {
  if (opts.url) {
    const pool = new pg.Pool({ connectionString: opts.url, max: opts.poolMax ?? 10 });
    // A dropped connection must not crash the process; queries will fail and /health answers 503.
    pool.on('error', () => {});
    pool.on('connect', oneStatementAtATime);
    // The pool listens to its idle clients only: a client checked out (a transaction between two
    // statements) whose connection drops would throw its 'error' event and stop the process.
    // Its next query fails instead, and the request answers 503.
    pool.on('connect', (client) => client.on('error', () => {}));
    const db = drizzlePg(pool, { schema, logger: statementLogger });
    return {
      db,
      kind: 'postgres',
      migrate: () => migratePg(db, { migrationsFolder }),
      ping: async () => {
        await pool.query('select 1');
      },
      close: () => pool.end(),
      pool: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    };
  }
  const client = opts.pglite ?? newPglite(opts.dataDir ? { dataDir: opts.dataDir } : {});
  const db = drizzlePglite(client, { schema, logger: statementLogger }) as unknown as Db;
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
