import { systemEndpoints } from '@tantieme/contract';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../http/errors.js';
import { route } from '../../http/route.js';

export async function systemRoutes(app: FastifyInstance) {
  route(app, systemEndpoints.health, async () => {
    try {
      await Promise.race([
        app.database.ping(),
        new Promise((_, reject) => setTimeout(() => reject(new Error('timeout')), 2000).unref()),
      ]);
    } catch {
      throw new AppError('SERVICE_UNAVAILABLE', 'La base de données ne répond pas.', { status: 503 });
    }
    return { status: 'ok' as const, database: 'up' as const };
  });
}
