import type { Db } from '../db/client.js';

/**
 * What a building's syndic data yields, kept in memory per database and per key, and served
 * only while the building's version is the one it was read at: triggers bump the version on
 * every change of the tables behind it, and each request reads the version with its session
 * (decisions 72, 74, 75). Safe with several instances, since the version lives in the database.
 * Least recently used entries leave first.
 */
export function versionedCache<T>(size: number) {
  const caches = new WeakMap<Db, Map<string, { version: number; value: T }>>();
  return async (db: Db, key: string, version: number, load: () => Promise<T>): Promise<T> => {
    let cache = caches.get(db);
    if (!cache) {
      cache = new Map();
      caches.set(db, cache);
    }
    const hit = cache.get(key);
    cache.delete(key);
    if (hit && hit.version === version) {
      cache.set(key, hit);
      return hit.value;
    }
    // Loaded after the version was read: at least that recent. A write in between moves the
    // version again, so the next request loads anew.
    const value = await load();
    cache.set(key, { version, value });
    if (cache.size > size) cache.delete(cache.keys().next().value as string);
    return value;
  };
}
