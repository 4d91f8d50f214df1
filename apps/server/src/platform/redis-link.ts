import { createRequire } from 'node:module';
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { Redis } from 'ioredis';

/** The shared Redis as the rest of the server sees it: a client (or none) and whether it answers. */
export interface RedisLink {
  client: Redis | null;
  /** 'absent' without REDIS_URL; 'down' while the client is not connected. */
  state(): 'up' | 'down' | 'absent';
  /** A command failed or timed out: count Redis as down for a few seconds (a hung server). */
  trip(): void;
  close(): Promise<void>;
}

/** How long a failed command keeps requests off Redis before it is tried again. */
const TRIP_MS = 5000;

/**
 * A client that never makes a request wait on a Redis that is gone: no offline queue (a command
 * while disconnected fails at once), one retry, and a command that hangs fails after a second.
 * It reconnects by itself; its errors are the state, not log lines or crashes.
 */
export function openRedisLink(url: string | undefined): RedisLink {
  if (!url) return { client: null, state: () => 'absent', trip: () => {}, close: async () => {} };
  const client = new Redis(url, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    commandTimeout: 1000,
    retryStrategy: (times) => Math.min(times * 200, 2000),
  });
  client.on('error', () => {});
  let downUntil = 0;
  return {
    client,
    state: () => (client.status === 'ready' && Date.now() >= downUntil ? 'up' : 'down'),
    trip: () => {
      downUntil = Date.now() + TRIP_MS;
    },
    close: async () => {
      client.disconnect();
    },
  };
}

type Done = (err: Error | null, res?: { current: number; ttl: number }) => void;
interface Store extends FastifyRateLimitStore {
  read(key: string, cb: Done, timeWindow: number, max: number): void;
}
type LocalCtor = new (continueExceeding: boolean, exponentialBackoff: boolean, cache?: number) => Store;

// The plugin's own memory store (CommonJS, not in its exports' types).
const require = createRequire(import.meta.url);
const LocalStore = require('@fastify/rate-limit/store/LocalStore') as LocalCtor;

/**
 * Rate-limit counters in Redis while it answers, in this instance's memory while it does not:
 * a Redis outage makes the limits per instance for its duration instead of failing the request
 * (sign-in, captcha, every limited call). The memory counters are not carried back to Redis.
 */
export function fallbackStore(
  link: RedisLink,
  shared: FastifyRateLimitStoreCtor | null,
): FastifyRateLimitStoreCtor {
  class FallbackStore implements Store {
    constructor(
      private readonly shared: Store | null,
      private readonly local: Store,
    ) {}
    private pick(method: 'incr' | 'read', key: string, cb: Done, timeWindow: number, max: number) {
      if (!this.shared || link.state() !== 'up') return this.local[method](key, cb, timeWindow, max);
      this.shared[method](
        key,
        (err, res) => {
          if (!err) return cb(null, res);
          link.trip();
          this.local[method](key, cb, timeWindow, max);
        },
        timeWindow,
        max,
      );
    }
    incr(key: string, cb: Done, timeWindow: number, max: number) {
      this.pick('incr', key, cb, timeWindow, max);
    }
    read(key: string, cb: Done, timeWindow: number, max: number) {
      this.pick('read', key, cb, timeWindow, max);
    }
    child(routeOptions: Parameters<Store['child']>[0]) {
      const shared = (this.shared?.child(routeOptions) as Store | undefined) ?? null;
      return new FallbackStore(shared, this.local.child(routeOptions) as Store);
    }
  }
  return class extends FallbackStore {
    constructor(opts: { continueExceeding?: boolean; exponentialBackoff?: boolean }) {
      const ce = opts.continueExceeding ?? false;
      const eb = opts.exponentialBackoff ?? false;
      super(shared ? (new shared(opts) as Store) : null, new LocalStore(ce, eb));
    }
  } as unknown as FastifyRateLimitStoreCtor;
}
