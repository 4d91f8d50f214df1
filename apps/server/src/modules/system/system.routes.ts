import { systemEndpoints } from '@tantieme/contract';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../http/errors.js';
import { route } from '../../http/route.js';

export async function systemRoutes(app: FastifyInstance) {
  const databaseAnswers = async () => {
    try {
      await Promise.race([
        app.database.ping(),
        new Promise((_, reject) => setTimeout(() => reject(new Error('timeout')), 2000).unref()),
      ]);
    } catch {
      throw new AppError('SERVICE_UNAVAILABLE', 'La base de données ne répond pas.', { status: 503 });
    }
  };
  route(app, systemEndpoints.health, async () => {
    await databaseAnswers();
    return { status: 'ok' as const, database: 'up' as const };
  });
  route(app, systemEndpoints.live, async () => ({ status: 'ok' as const }));
  // A load balancer keeps an instance whose Redis is down: it still serves, per instance.
  route(app, systemEndpoints.ready, async () => {
    await databaseAnswers();
    const redis = app.redisLink.state();
    return {
      status: redis === 'down' ? ('degraded' as const) : ('ok' as const),
      database: 'up' as const,
      redis,
    };
  });

  /**
   * Several GET reads in one request: each runs through the whole pipeline as if the
   * client had sent it (its route, its session lookup, its access guard, its validation), with
   * the caller's token and address, and comes back with its own status and envelope. On HTTP/1.1
   * a phone opens six connections; a dashboard's nine first-screen reads then took two round
   * trips of its slow link, beside the page's scripts.
   */
  route(app, systemEndpoints.reads, async ({ body, req }) => {
    const headers = { authorization: String(req.headers.authorization), accept: 'application/json' };
    return Promise.all(
      body.urls.map(async (url) => {
        const res = await app.inject({ method: 'GET', url, headers, remoteAddress: req.ip });
        // Only JSON answers are carried (a file download is asked for alone).
        if (!String(res.headers['content-type'] ?? '').startsWith('application/json'))
          return { url, status: 406, body: null };
        return { url, status: res.statusCode, body: res.json() as unknown };
      }),
    );
  });
}
