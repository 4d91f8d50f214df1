import { syndicRgpdEndpoints as e } from '@tantieme/contract';
import type { FastifyInstance } from 'fastify';
import { syndicRoute } from '../kit/index.js';
import { revokeInvitation } from './revoke.service.js';
import * as s from './rgpd.service.js';

/** A departed co-owner: restore, anonymise, export; and revoking one invitation. */
export async function rgpdRoutes(app: FastifyInstance) {
  syndicRoute(app, e.restoreCoproprietaire, ({ api, params }) =>
    s.restoreCoproprietaire(app.db, api, params.external_id),
  );
  syndicRoute(app, e.anonymiseCoproprietaire, ({ api, params }) =>
    s.anonymiseCoproprietaire(app.db, api, params.external_id),
  );
  syndicRoute(app, e.exportCoproprietaire, ({ api, params }) =>
    s.exportCoproprietaire(app.db, api, params.external_id),
  );
  syndicRoute(app, e.revokeInvitation, ({ api, params }) => revokeInvitation(app.db, api, params.id));
}
