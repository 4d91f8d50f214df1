import { syndicSignalementEndpoints as e } from '@tantieme/contract';
import type { FastifyInstance } from 'fastify';
import type { SignalementsDeps } from '../../signalements/deps.js';
import { syndicRoute } from '../kit/index.js';
import * as service from './signalements.service.js';

/** The co-owners' signalements in the syndic API: list, read, answer, move. */
export async function syndicSignalementsRoutes(app: FastifyInstance) {
  const deps: SignalementsDeps = {
    db: app.db,
    storage: app.platform.storage,
    config: app.config,
    get realtime() {
      return app.realtime;
    },
  };
  syndicRoute(app, e.list, ({ api, query }) => service.list(deps, api, query));
  syndicRoute(app, e.get, ({ api, params }) => service.get(deps, api, params.id));
  syndicRoute(app, e.comment, ({ api, params, body }) => service.comment(deps, api, params.id, body));
  syndicRoute(app, e.status, ({ api, params, body }) => service.move(deps, api, params.id, body));
}
