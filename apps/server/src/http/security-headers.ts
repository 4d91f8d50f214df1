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

/**
 * What a built script, style sheet or image needs of them: no MIME sniffing, no other site
 * loading it, the referrer policy of the requests a style sheet makes, and HSTS. The others
 * (CSP, framing, COOP, origin cluster…) govern documents only, and a browser ignores them on a
 * subresource.
 */
const ASSET_HEADERS = new Set([
  'x-content-type-options',
  'cross-origin-resource-policy',
  'referrer-policy',
  'strict-transport-security',
]);

/** The build's files (`/assets/…`), served by `@fastify/static`: never a document. */
const isAsset = (url: string) => url.startsWith('/assets/');

export function registerSecurityHeaders(app: FastifyInstance, options: HelmetOptions) {
  const headers = securityHeaders(options);
  // About 1 KB per answer: on a phone's link, the dashboard's ~25 files carried ~20 KB of
  // headers that meant nothing for them, all before the first screen.
  const assetHeaders = headers.filter(([k]) => ASSET_HEADERS.has(k.toLowerCase()));
  app.addHook('onRequest', (req, reply, done) => {
    for (const [k, v] of isAsset(req.url) ? assetHeaders : headers) reply.header(k, v);
    done();
  });
}
