import { syndicApiEndpoints } from '@tantieme/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../http/route.js';
import { createPreviewToken, listCoproprietes, syndicFromApiKey } from './syndic-api.service.js';

const limit = { max: 120, timeWindow: '1 minute' };

export async function syndicApiRoutes(app: FastifyInstance) {
  route(
    app,
    syndicApiEndpoints.coproprietes,
    async ({ req }) => listCoproprietes(app.db, (await syndicFromApiKey(app.db, req)).id),
    { rateLimit: limit },
  );
  route(
    app,
    syndicApiEndpoints.previewToken,
    async ({ req, params }) => {
      const syndic = await syndicFromApiKey(app.db, req);
      return createPreviewToken(app.db, syndic.id, params.id, app.config.publicUrl);
    },
    { rateLimit: limit },
  );
}
