import { syndicAccessEndpoints as e } from '@tantieme/contract';
import type { FastifyInstance } from 'fastify';
import { syndicRoute } from '../kit/index.js';
import * as s from './access.service.js';

export async function accessRoutes(app: FastifyInstance) {
  syndicRoute(app, e.regenerateAttachCode, ({ api, params }) =>
    s.regenerateAttachCode(app.db, api, params.external_id),
  );
  syndicRoute(app, e.sendInvitation, ({ api, params, body }) =>
    s.sendInvitation(app.db, app.config, api, params.external_id, body),
  );
  syndicRoute(app, e.listInvitations, ({ api, params }) =>
    s.listInvitations(app.db, api, params.external_id),
  );
}
