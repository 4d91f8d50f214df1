import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * Helmet's headers, worked out once at start-up. `@fastify/helmet` rebuilt the helmet middleware
 * (and re-parsed the CSP) on every request, ~2 % of a light request's CPU in the profile (issue
 * 13). Our headers carry no per-request part (no nonces), so the list is fixed.
 */
export function securityHeaders(options: HelmetOptions): [string, string][] {
  const headers = new Map<string, string>();
  const res = {
    setHeader: (k: string, v: string | number) => headers.set(k, String(v)),
    removeHeader: (k: string) => headers.delete(k),
  };
  helmet(options)({} as IncomingMessage, res as unknown as ServerResponse, (err?: unknown) => {
    if (err) throw err;
  });
  return [...headers];
}

export function registerSecurityHeaders(app: FastifyInstance, options: HelmetOptions) {
  const headers = securityHeaders(options);
  app.addHook('onRequest', (_req, reply, done) => {
    for (const [k, v] of headers) reply.header(k, v);
    done();
  });
}
