import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { buildTenant } from './tenant.js';
import { tenantSpecSchema } from './tenant.spec.js';

/**
 * POST /dev/tenants: a fresh tenant for one e2e spec (seed/tenant.ts). Handed to the app by the
 * development entry (seed/main.ts) and registered outside production only: in production the
 * path is unknown (404).
 */
export async function tenantRoutes(app: FastifyInstance) {
  app
    .withTypeProvider<ZodTypeProvider>()
    .post('/dev/tenants', { schema: { hide: true, body: tenantSpecSchema } }, async (req) => ({
      success: true,
      data: await buildTenant(app.db, app.platform.storage, req.body),
    }));
}
