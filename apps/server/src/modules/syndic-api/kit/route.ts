import { SYNDIC_API_KEY_HEADER, type DataOf, type SyndicEndpoint } from '@tantieme/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError, rateLimited } from '../../../http/errors.js';
import { type RouteContext, route } from '../../../http/route.js';
import { authenticateApiKey } from './keys.js';

/** Who is calling: the key and its syndic. Every query of a syndic endpoint filters on `syndicId`. */
export interface SyndicApiContext {
  syndicId: string;
  syndicAlias: string;
  /** null for the admin CLI import (actor 'import'). */
  keyId: string | null;
  actor: string;
  /** The signed-in user who acts through the console (staff or volunteer syndic); absent for a key. */
  userId?: string | null;
}

const contexts = new WeakMap<FastifyRequest, SyndicApiContext>();

type Limiter = ReturnType<FastifyInstance['createRateLimit']>;
const limiters = new WeakMap<object, Map<number, Limiter>>();
/**
 * One limiter per app and rate: the in-memory store belongs to the limiter, so one per route
 * would give a key a separate window on each endpoint instead of one for all.
 */
function keyLimiter(app: FastifyInstance, perMinute: number): Limiter {
  let byRate = limiters.get(app.config);
  if (!byRate) {
    byRate = new Map();
    limiters.set(app.config, byRate);
  }
  let limiter = byRate.get(perMinute);
  if (!limiter) {
    limiter = app.createRateLimit({
      max: perMinute,
      timeWindow: 60_000,
      keyGenerator: (req) => `syndic-api:${contexts.get(req)?.keyId ?? req.ip}`,
    });
    byRate.set(perMinute, limiter);
  }
  return limiter;
}

/** The query parameters an endpoint declares: the keys of its zod object (none without one). */
function declaredQuery(endpoint: SyndicEndpoint): string[] | null {
  if (!endpoint.query) return [];
  const shape = (endpoint.query as { shape?: Record<string, unknown> }).shape;
  return shape ? Object.keys(shape) : null;
}

/**
 * A parameter the endpoint does not declare is a 400 naming it: ignored, a misspelt filter
 * (`?copropriete=` for a list that has none) would answer as if it had applied.
 */
function rejectUnknownQuery(req: FastifyRequest, declared: string[] | null) {
  if (!declared) return;
  const unknown = Object.keys((req.query as Record<string, unknown> | undefined) ?? {}).filter(
    (k) => !declared.includes(k),
  );
  if (unknown.length === 0) return;
  const accepted = declared.length
    ? `paramètres acceptés\u202f: ${declared.join(', ')}`
    : 'aucun paramètre accepté';
  throw new AppError('VALIDATION_ERROR', undefined, {
    status: 400,
    errors: Object.fromEntries(unknown.map((k) => [k, `Paramètre inconnu (${accepted}).`])),
  });
}

export interface SyndicRouteOptions {
  /** Requests per minute for this key (all syndic endpoints share the key's counter). */
  perMinute?: number;
  /** Body size limit in bytes (bulk and import calls take more than the 2 MB default). */
  bodyLimit?: number;
}

/**
 * Registers a syndic API endpoint (`defineSyndicEndpoint` in the contract). Before the body is
 * even validated: a missing, unknown or revoked key is a 401, a key without the endpoint's scope
 * a 403, past the key's rate limit a 429 with Retry-After, and an undeclared query parameter a 400. The handler gets `api`, whose
 * `syndicId` every query must filter on (someone else's id is then a 404).
 */
export function syndicRoute<E extends SyndicEndpoint>(
  app: FastifyInstance,
  endpoint: E,
  handler: (ctx: RouteContext<E> & { api: SyndicApiContext }) => Promise<DataOf<E>> | DataOf<E>,
  opts: SyndicRouteOptions = {},
) {
  const perMinute = opts.perMinute ?? app.config.syndicApiPerMinute;
  const declared = declaredQuery(endpoint);
  const limiter = keyLimiter(app, perMinute);
  route(
    app,
    endpoint,
    async (ctx) => {
      const api = contexts.get(ctx.req);
      if (!api) throw new AppError('UNAUTHORIZED', 'Clé API manquante ou invalide.');
      return handler({ ...ctx, api });
    },
    {
      security: [{ syndicApiKey: [] }],
      openapi: { 'x-scopes': [endpoint.scope] },
      bodyLimit: opts.bodyLimit,
      onRequest: async (req, reply) => {
        const raw = req.headers[SYNDIC_API_KEY_HEADER];
        const identity = typeof raw === 'string' ? await authenticateApiKey(app.db, raw.trim()) : null;
        if (!identity) throw new AppError('UNAUTHORIZED', 'Clé API manquante ou invalide.');
        if (!identity.scopes.includes(endpoint.scope))
          throw new AppError('FORBIDDEN', `Cette clé API n'a pas la portée « ${endpoint.scope} ».`);
        contexts.set(req, {
          syndicId: identity.syndicId,
          syndicAlias: identity.syndicAlias,
          keyId: identity.keyId,
          actor: identity.keyName,
        });
        const limit = await limiter(req);
        // The key's window on every answer (IETF RateLimit header fields), so a client paces
        // itself before a 429; Reset is in seconds.
        if (!limit.isAllowed)
          reply.headers({
            'ratelimit-limit': String(limit.max),
            'ratelimit-remaining': String(limit.remaining),
            'ratelimit-reset': String(limit.ttlInSeconds),
          });
        if (!limit.isAllowed && limit.isExceeded) {
          throw rateLimited(limit.ttl);
        }
        rejectUnknownQuery(req, declared);
      },
    },
  );
}
