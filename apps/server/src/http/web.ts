import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { errorMessages } from '@tantieme/contract';
import type { FastifyInstance } from 'fastify';

/**
 * Hashed build assets never change under their name: cached for a year, immutable. Anything
 * else (index.html, favicon, logo) is revalidated, so a deployment is seen at once.
 */
export function staticCacheControl(filePath: string): string {
  return /[\\/]assets[\\/][^\\/]+-[\w-]{8,}\.\w+(\.(br|gz))?$/.test(filePath)
    ? 'public, max-age=31536000, immutable'
    : 'no-cache';
}

/**
 * Paths that name a file (robots.txt, favicon.ico, manifest.json, a missing asset): a real file
 * of the build or 404, never the SPA's HTML with 200.
 */
const FILE_LIKE =
  /\.(txt|ico|json|webmanifest|xml|js|mjs|css|map|png|jpe?g|gif|svg|webp|avif|woff2?|ttf|html?|br|gz)$/i;

/** The built SPA at `webRoot`, with client-side routing fallback (production and `npm start`), and the 404s. */
export async function registerWeb(app: FastifyInstance, webRoot: string) {
  const hasWeb = existsSync(path.join(webRoot, 'index.html'));
  // GET /login is prerendered by the build (apps/web/scripts/prerender.mjs, decision 59): its
  // HTML carries the page, painted before the JavaScript runs. Only the bare URL: a query
  // (?mode=, ?redirect=, ?code=) changes what the page shows, so those get the empty shell.
  const hasLogin = hasWeb && existsSync(path.join(webRoot, 'login.html'));
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: webRoot,
      wildcard: false,
      index: false,
      // `<file>.br` / `<file>.gz` written by the Vite build (vite.config.ts precompress).
      preCompressed: true,
      cacheControl: false,
      setHeaders: (res, filePath) => {
        res.setHeader('cache-control', staticCacheControl(filePath));
        res.setHeader('vary', 'Accept-Encoding');
      },
    });
  }
  app.setNotFoundHandler((req, reply) => {
    const url = req.url.split('?')[0];
    const isApi =
      url.startsWith('/api/') || url === '/api' || url.startsWith('/dev/') || url.startsWith('/files/');
    if (!isApi && FILE_LIKE.test(url)) {
      return reply
        .status(404)
        .header('cache-control', 'no-cache')
        .type('text/plain; charset=utf-8')
        .send('Introuvable');
    }
    if (!isApi && hasWeb && (req.method === 'GET' || req.method === 'HEAD')) {
      const page = hasLogin && req.url === '/login' ? 'login.html' : 'index.html';
      return reply.header('cache-control', 'no-cache').sendFile(page);
    }
    // No route for this method and path: its own code, so a client tells a wrong URL from a
    // missing record.
    const code = url === '/api' || url.startsWith('/api/') ? 'ROUTE_NOT_FOUND' : 'NOT_FOUND';
    return reply.status(404).send({ success: false, code, message: errorMessages[code] });
  });
}
