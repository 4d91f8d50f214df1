import { MAINTENANCE_TOKEN_HEADER, maintenanceEndpoints as e } from '@tantieme/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../http/route.js';
import { guardCoproprietaire } from '../access/access.service.js';
import * as service from './carnets.service.js';

/** The carnet d'entretien (SPEC §2.22): the co-owner's page and the external application's read. */
export async function carnetsRoutes(app: FastifyInstance) {
  const deps: service.MaintenanceDeps = {
    db: app.db,
    appSecret: app.config.appSecret,
    maintenanceAppUrl: app.config.maintenanceAppUrl,
  };
  route(app, e.carnet, async ({ req, params }) =>
    service.carnetView(deps, await guardCoproprietaire(req, params.id)),
  );
  route(app, e.publicCarnet, async ({ req, params }) =>
    service.publicCarnet(deps.db, await guardCoproprietaire(req, params.id)),
  );
  route(app, e.externalRecord, async ({ req }) => {
    const raw = req.headers[MAINTENANCE_TOKEN_HEADER];
    return service.externalRecord(deps, typeof raw === 'string' ? raw.trim() : undefined);
  });
}
