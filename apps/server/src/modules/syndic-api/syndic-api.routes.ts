import { syndicApiEndpoints } from '@tantieme/contract';
import type { FastifyInstance } from 'fastify';
import { syndicCommunicationsRoutes } from '../communications/syndic/communications.syndic.routes.js';
import { syndicDocumentsRoutes } from '../documents/syndic/syndic.routes.js';
import { syndicInvoicesRoutes } from '../invoices/syndic/invoices.syndic.routes.js';
import { syndicFacturesRoutes } from '../invoices/syndic/factures.syndic.js';
import { accessRoutes } from './access/access.routes.js';
import { accountsRoutes } from './accounts/accounts.routes.js';
import { syndicCarnetsRoutes } from './carnets/carnets.routes.js';
import { syndicStaffRoutes } from './staff/staff.routes.js';
import { importRoutes } from './import/import.routes.js';
import { syndicAssembleesRoutes } from '../assemblees/syndic/assemblees.routes.js';
import { listAudit, syndicRoute } from './kit/index.js';
import { portfolioRoutes } from './portfolio/portfolio.routes.js';
import { rgpdRoutes } from './rgpd/rgpd.routes.js';
import { syndicSignalementsRoutes } from './signalements/signalements.routes.js';
import { syndicMoneyRoutes } from './money/money.routes.js';
import { syndicCollectionRoutes } from './collections/collections.routes.js';
import { createPreviewToken } from './syndic-api.service.js';
import { webhooksRoutes } from './webhooks/webhooks.routes.js';

/** The syndic API (`/api/syndic/v1`): its own calls, then each domain's syndic entrance, mounted. */
export async function syndicApiRoutes(app: FastifyInstance) {
  syndicRoute(app, syndicApiEndpoints.previewToken, ({ api, params }) =>
    createPreviewToken(app.db, api.syndicId, params.id, app.config.publicUrl),
  );
  syndicRoute(app, syndicApiEndpoints.auditLog, ({ api, query }) => listAudit(app.db, api.syndicId, query));
  await app.register(portfolioRoutes);
  await app.register(accountsRoutes);
  await app.register(accessRoutes);
  await app.register(rgpdRoutes);
  await app.register(webhooksRoutes);
  await app.register(importRoutes);
  await app.register(syndicAssembleesRoutes);
  await app.register(syndicCarnetsRoutes);
  await app.register(syndicStaffRoutes);
  await app.register(syndicDocumentsRoutes);
  await app.register(syndicInvoicesRoutes);
  await app.register(syndicFacturesRoutes);
  await app.register(syndicCommunicationsRoutes);
  await app.register(syndicSignalementsRoutes);
  await app.register(syndicMoneyRoutes);
  await app.register(syndicCollectionRoutes);
}
