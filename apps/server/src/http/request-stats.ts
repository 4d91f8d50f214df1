import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * What one request cost: SQL statements sent, and the milliseconds spent in the
 * session lookup, the access guard and the response validation + serialisation, with
 * SQL_STATS=1 only (`x-sql-statements` and `server-timing` headers, which the benchmark reads):
 * the request's context is an AsyncLocalStorage, and on Node 20 one in use makes every promise
 * of the process run its hooks (decision 68). Without it, `timed` just runs its function.
 */
export interface RequestStats {
  statements: number;
  /** The statements themselves, in order (the benchmark's floor replays them; bench/floor-server.ts). */
  sql: { text: string; params: unknown[] }[];
  session: number;
  guard: number;
  serialize: number;
}

const store = new AsyncLocalStorage<RequestStats>();

/** Runs `fn` (a request's hooks and handler) with fresh counters. */
export function withRequestStats<T>(fn: () => T): T {
  return store.run({ statements: 0, sql: [], session: 0, guard: 0, serialize: 0 }, fn);
}

/** The counters of the request being served, if any. */
export const currentRequestStats = (): RequestStats | undefined => store.getStore();

/** Adds the time `fn` takes to the request's `phase`. */
export async function timed<T>(phase: 'session' | 'guard', fn: () => Promise<T>): Promise<T> {
  const s = store.getStore();
  if (!s) return fn();
  const t = performance.now();
  try {
    return await fn();
  } finally {
    s[phase] += performance.now() - t;
  }
}

export function timedSync<T>(phase: 'serialize', fn: () => T): T {
  const s = store.getStore();
  if (!s) return fn();
  const t = performance.now();
  try {
    return fn();
  } finally {
    s[phase] += performance.now() - t;
  }
}

export const serverTiming = (s: RequestStats) =>
  `session;dur=${s.session.toFixed(2)}, guard;dur=${s.guard.toFixed(2)}, serialize;dur=${s.serialize.toFixed(2)}`;

/** Counts and keeps a statement the request sent (registered with the database by `onStatement`). */
export function countStatement(text: string, params: unknown[]) {
  const s = store.getStore();
  if (!s) return;
  s.statements++;
  s.sql.push({ text, params });
}
