import type { SQLWrapper } from 'drizzle-orm';
import type { Db } from './client.js';

const cache = new WeakMap<object, Map<string, unknown>>();

/**
 * A query built once per database and sent as a named prepared statement. Drizzle
 * rebuilds a query's SQL on every call (its column walk was ~15 % of the CPU of a guarded
 * request in the profile); the hottest statements — the session lookup and the access guard,
 * run by nearly every request — are built once here, and PostgreSQL keeps their plans.
 * Only for the pool itself (`db`), never for a transaction's `tx`.
 */
export function prepared<T>(db: Db, name: string, build: (db: Db) => T): T {
  let byName = cache.get(db);
  if (!byName) {
    byName = new Map();
    cache.set(db, byName);
  }
  let p = byName.get(name) as T | undefined;
  if (!p) {
    p = build(db);
    byName.set(name, p);
  }
  return p;
}

/** A drizzle select built but not run (its rows are what awaiting it gives). */
export type ReadQuery = PromiseLike<unknown[]> & SQLWrapper;

/**
 * A route's read. Either a query built for this request (`query`), or — for the hottest reads —
 * a `name`d one built once per database from `build`, with `sql.placeholder`s filled from
 * `values`: its statement, session part included, is then a named prepared statement
 * (PostgreSQL keeps its plan; no SQL is rebuilt per request).
 */
export type Read<Q extends ReadQuery> =
  | { query: Q; name?: undefined; values?: undefined; sessionOnly?: undefined }
  | {
      name: string;
      build: (db: Db) => Q;
      values: Record<string, unknown>;
      /** It names the session statement's own columns (`sessions.user_id`): never run alone. */
      sessionOnly?: true;
      /** What to read instead without a session (a syndic preview); none: 401. */
      apart?: Read<Q>;
    };

/** The rows of one read, or of each read of a list. */
export type RowsOf<R> = R extends readonly Read<ReadQuery>[]
  ? { -readonly [K in keyof R]: R[K] extends Read<infer Q> ? Awaited<Q> : never }
  : R extends Read<infer Q>
    ? Awaited<Q>
    : never;

type Executable = { execute(v: Record<string, unknown>): Promise<unknown> };

/** The read on its own (a preview, no session): the same rows, one statement. */
export async function readAlone<Q extends ReadQuery>(db: Db, read: Read<Q>): Promise<Awaited<Q>> {
  if (read.name === undefined) return (await read.query) as Awaited<Q>;
  if (read.sessionOnly) throw new Error(`read ${read.name} runs only inside the session statement`);
  const { build } = read;
  const name = `ra_${read.name}`;
  const pq = prepared(db, name, (d) =>
    (build(d) as unknown as { prepare(n: string): Executable }).prepare(name),
  );
  return (await pq.execute(read.values)) as Awaited<Q>;
}
