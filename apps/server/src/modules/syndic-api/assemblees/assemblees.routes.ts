import { syndicAssembleeEndpoints as e } from '@tantieme/contract';
import type { FastifyInstance } from 'fastify';
import { syndicRoute } from '../kit/index.js';
import * as s from './assemblees.service.js';

/** Convocation PDFs travel base64 in the PUT (10 MB of PDF). */
const PUT_BODY_LIMIT = 16 * 1024 * 1024;

/** General assemblies in the syndic API (issue 9; decisions 29, 33-36). */
export async function syndicAssembleesRoutes(app: FastifyInstance) {
  const deps = (): s.Deps => ({
    db: app.db,
    config: app.config,
    realtime: app.realtime,
    storage: app.platform.storage,
  });
  syndicRoute(
    app,
    e.list,
    ({ api, query }) => s.assembleesResource(app.platform.storage).list(app.db, api, query) as never,
  );
  syndicRoute(
    app,
    e.get,
    ({ api, params }) =>
      s.assembleesResource(app.platform.storage).get(app.db, api, params.external_id) as never,
  );
  syndicRoute(
    app,
    e.put,
    ({ api, params, body }) =>
      s.assembleesResource(app.platform.storage).put(app.db, api, params.external_id, body as never) as never,
    { bodyLimit: PUT_BODY_LIMIT },
  );
  syndicRoute(app, e.publish, ({ api, params }) => s.publish(deps(), api, params.external_id));
  syndicRoute(app, e.startSession, ({ api, params }) => s.startSession(deps(), api, params.external_id));
  syndicRoute(app, e.sessionVotes, ({ api, params, body }) =>
    s.recordSessionVotes(app.db, api, params.external_id, body),
  );
  syndicRoute(app, e.signatureRequests, ({ api, params, body }) =>
    s.requestSignatures(deps(), api, params.external_id, body),
  );
  syndicRoute(app, e.signatures, ({ api, params }) => s.listSignatures(app.db, api, params.external_id));
  syndicRoute(app, e.ballots, ({ api, params }) => s.listBallots(app.db, api, params.external_id));
  syndicRoute(app, e.chain, ({ api, params }) => s.chainCheck(app.db, api, params.external_id));
  syndicRoute(app, e.tally, ({ api, params }) => s.tally(app.db, api, params.external_id));
}
