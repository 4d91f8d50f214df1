import { signalementsEndpoints as e } from '@tantieme/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../http/route.js';
import { guardCoproprietaire } from '../access/access.service.js';
import type { SignalementsDeps } from './deps.js';
import * as service from './signalements.service.js';

/** A co-owner's signalements: every call through the access guard (decision 116). */
export async function signalementsRoutes(app: FastifyInstance) {
  // app.realtime is replaced once the HTTP server exists (main.ts): read it at call time.
  const deps: SignalementsDeps = {
    db: app.db,
    storage: app.platform.storage,
    config: app.config,
    get realtime() {
      return app.realtime;
    },
  };
  route(app, e.list, async ({ req, params }) =>
    service.list(deps, await guardCoproprietaire(req, params.id)),
  );
  route(app, e.get, async ({ req, params }) =>
    service.get(deps, await guardCoproprietaire(req, params.id), params.signalementId),
  );
  route(
    app,
    e.create,
    async ({ req, params, body }) => {
      const row = await guardCoproprietaire(req, params.id, { write: true });
      return service.create(deps, row, req.auth.user!.id, body);
    },
    { rateLimit: { max: 20, timeWindow: '1 hour' } },
  );
  route(app, e.support, async ({ req, params }) =>
    service.support(deps, await guardCoproprietaire(req, params.id, { write: true }), params.signalementId),
  );
  route(app, e.unsupport, async ({ req, params }) =>
    service.unsupport(deps, await guardCoproprietaire(req, params.id, { write: true }), params.signalementId),
  );
  route(
    app,
    e.comment,
    async ({ req, params, body }) =>
      service.comment(
        deps,
        await guardCoproprietaire(req, params.id, { write: true }),
        params.signalementId,
        body.text,
      ),
    { rateLimit: { max: 60, timeWindow: '1 hour' } },
  );
}
