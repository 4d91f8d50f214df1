import type { FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { Redis } from 'ioredis';
import { createRequire } from 'node:module';

type Callback = (error: Error | null, result?: { current: number; ttl: number }) => void;
interface Counter {
  incr(key: string, cb: Callback, timeWindow: number, max: number): void;
  read(key: string, cb: Callback, timeWindow: number, max: number): void;
}
interface StoreOptions {
  continueExceeding?: boolean;
  exponentialBackoff?: boolean;
  routeInfo?: { method?: string; url?: string };
}
type RedisCounterCtor = new (
  continueExceeding: boolean | undefined,
  exponentialBackoff: boolean | undefined,
  redis: Redis,
  key: string,
) => Counter;

// The plugin's own Redis counter (its Lua scripts), reached by path: the package exports no name for it.
const RedisCounter = createRequire(import.meta.url)(
  '@fastify/rate-limit/store/RedisStore.js',
) as RedisCounterCtor;

/**
 * The part a limiter adds to the Redis key: its route ('POST/api/auth/login-'), or 'limiter-' for
 * a limiter made by `createRateLimit`, which has no route (the plugin's store wrote
 * 'undefinedundefined-' there); those callers put their rule's name in the key themselves.
 */
export function limiterScope(o: StoreOptions): string {
  const route = o.routeInfo;
  return route?.method && route.url ? `${route.method}${route.url}-` : 'limiter-';
}

/** The rate-limit store on Redis, keys `<nameSpace><scope><caller's key>`. */
export function redisRateStore(redis: Redis, nameSpace: string): FastifyRateLimitStoreCtor {
  const counter = (o: StoreOptions, key: string) =>
    new RedisCounter(o.continueExceeding, o.exponentialBackoff, redis, key);
  class Scoped {
    constructor(
      private readonly inner: Counter,
      readonly prefix: string,
    ) {}
    incr(key: string, cb: Callback, timeWindow: number, max: number) {
      this.inner.incr(key, cb, timeWindow, max);
    }
    read(key: string, cb: Callback, timeWindow: number, max: number) {
      this.inner.read(key, cb, timeWindow, max);
    }
    child(o: StoreOptions): Scoped {
      const prefix = `${this.prefix}${limiterScope(o)}`;
      return new Scoped(counter(o, prefix), prefix);
    }
  }
  return class extends Scoped {
    constructor(global: StoreOptions) {
      super(counter(global, nameSpace), nameSpace);
    }
  } as unknown as FastifyRateLimitStoreCtor;
}
