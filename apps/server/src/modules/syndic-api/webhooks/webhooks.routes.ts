import { syndicWebhookEndpoints as e } from '@tantieme/contract';
import type { FastifyInstance } from 'fastify';
import { syndicRoute } from '../kit/index.js';
import * as s from './webhooks.service.js';

export async function webhooksRoutes(app: FastifyInstance) {
  syndicRoute(app, e.create, ({ api, body }) =>
    s.createEndpoint(app.db, app.config, app.platform.outbound, api, body),
  );
  syndicRoute(app, e.list, ({ api, query }) => s.listEndpoints(app.db, api, query));
  syndicRoute(app, e.disable, ({ api, params }) => s.disableEndpoint(app.db, api, params.id));
  syndicRoute(app, e.deliveries, ({ api, params, query }) => s.listDeliveries(app.db, api, params.id, query));
  syndicRoute(app, e.redeliver, ({ api, params }) => s.redeliver(app.db, api, params.id));
}
