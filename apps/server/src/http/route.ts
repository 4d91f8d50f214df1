import type { BodyOut, DataOf, Endpoint, ParamsOut, QueryOut } from '@tantieme/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

export interface RouteContext<E extends Endpoint> {
  params: ParamsOut<E>;
  query: QueryOut<E>;
  body: BodyOut<E>;
  req: FastifyRequest;
  reply: FastifyReply;
}

export interface RouteOptions {
  /** Per-route rate limit (429 with a French message). */
  rateLimit?: { max: number; timeWindow: number | string; keyGenerator?: (req: FastifyRequest) => string };
  /** Allow a read-only syndic preview token to call this route (GET routes of co-owner data). */
  preview?: boolean;
  /** Runs before body validation (the syndic API checks its key, scope and rate limit here). */
  onRequest?: (req: FastifyRequest, reply: FastifyReply) => Promise<void>;
  /** OpenAPI security requirement, when the route is not authenticated by a bearer session. */
  security?: Record<string, string[]>[];
  /** Body size limit in bytes, when the route takes more than the app's default. */
  bodyLimit?: number;
  /**
   * The handler reads its data with the session, in one statement, through an access guard's
   * `readAs…`: the bearer token is resolved there, not before the handler.
   */
  sessionRead?: boolean;
  /** What the OpenAPI document adds to the operation (`x-` extensions, a description). */
  openapi?: Record<string, unknown>;
}

/**
 * Registers a contract endpoint: zod validation of params/query/body, the response schema
 * (which also strips any field the contract does not declare), the auth requirement and
 * the `{ success: true, data }` envelope around what the handler returns.
 */
export function route<E extends Endpoint>(
  app: FastifyInstance,
  endpoint: E,
  handler: (ctx: RouteContext<E>) => Promise<DataOf<E>> | DataOf<E>,
  opts: RouteOptions = {},
) {
  const needsAuth = endpoint.auth !== false;
  app.route({
    method: endpoint.method,
    url: `/api${endpoint.path}`,
    schema: {
      summary: endpoint.summary,
      tags: endpoint.tags,
      ...(endpoint.params ? { params: endpoint.params } : {}),
      ...(endpoint.query ? { querystring: endpoint.query } : {}),
      ...(endpoint.body ? { body: endpoint.body } : {}),
      response: { 200: endpoint.response, ...endpoint.errorResponses },
      ...(needsAuth ? { security: [{ bearer: [] }] } : opts.security ? { security: opts.security } : {}),
      ...opts.openapi,
    },
    ...(opts.onRequest ? { onRequest: opts.onRequest } : {}),
    ...(opts.bodyLimit ? { bodyLimit: opts.bodyLimit } : {}),
    config: {
      ...(opts.rateLimit ? { rateLimit: opts.rateLimit } : {}),
      auth: needsAuth ? (opts.preview ? 'user-or-preview' : 'user') : 'public',
      ...(opts.sessionRead && needsAuth ? { sessionRead: true } : {}),
    },
    handler: async (req, reply) => {
      const data = await handler({
        params: req.params as never,
        query: req.query as never,
        body: req.body as never,
        req,
        reply,
      });
      return { success: true, data };
    },
  });
}
