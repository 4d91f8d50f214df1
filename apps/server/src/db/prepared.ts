import type { Db } from './client.js';

const cache = new WeakMap<object, Map<string, unknown>>();

/**
 * A query built once per database and sent as a named prepared statement (issue 13). Drizzle
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
