import {
  syndicAssembleeEndpoints as e,
  syndicConvocationEndpoints as conv,
  syndicPostalRequestEndpoints as postal,
} from '@tantieme/contract';
import type { FastifyInstance } from 'fastify';
import { crudRoutes, syndicRoute } from '../../syndic-api/kit/index.js';
import type { Deps } from './common.js';
import { listConvocations, recordPostalPresentation } from './convocations.service.js';
import { publish } from './publish.service.js';
import { recordPostalRequest } from './postal-request.service.js';
import { attendanceSheet, chainCheck, listBallots, tally } from './register.service.js';
import { recordSessionVotes, startSession } from './session.service.js';
import { closeAssemblee } from './end.service.js';
import { issueDocuments } from './documents.service.js';
import { listSignatures, requestSignatures } from './signatures.service.js';
import { listProxies } from './proxies.list.js';
import { assembleesResource } from './write.js';
import { syndicDeskRoutes } from '../desk/desk.routes.js';

/** Convocation PDFs travel base64 in the PUT (10 MB of PDF). */
const PUT_BODY_LIMIT = 16 * 1024 * 1024;

/** General assemblies in the syndic API (decisions 29, 33-36). */
export async function syndicAssembleesRoutes(app: FastifyInstance) {
  const deps = (): Deps => ({
    db: app.db,
    config: app.config,
    realtime: app.realtime,
    storage: app.platform.storage,
  });
  crudRoutes(app, { list: e.list, get: e.get, put: e.put }, () => assembleesResource(app.platform.storage), {
    putBodyLimit: PUT_BODY_LIMIT,
  });
  syndicRoute(app, e.publish, ({ api, params, query }) =>
    publish({ ...deps(), lre: app.platform.lre }, api, params.external_id, {
      overrideDelay: query.override_delay === 'true',
    }),
  );
  syndicRoute(app, conv.list, ({ api, params }) =>
    listConvocations(app.db, app.platform.lre, api, params.external_id),
  );
  syndicRoute(app, conv.postalPresentation, ({ api, params, body }) =>
    recordPostalPresentation(app.db, api, params.external_id, params.coproprietaire, body.first_presented_at),
  );
  syndicRoute(app, postal.record, ({ api, params, body }) =>
    recordPostalRequest(app.db, api, params.external_id, body.received_at),
  );
  syndicRoute(app, e.startSession, ({ api, params }) => startSession(deps(), api, params.external_id));
  syndicRoute(app, e.close, ({ api, params }) => closeAssemblee(deps(), api, params.external_id));
  syndicRoute(app, e.sessionVotes, ({ api, params, body }) =>
    recordSessionVotes(app.db, api, params.external_id, body),
  );
  syndicRoute(app, e.signatureRequests, ({ api, params, body }) =>
    requestSignatures(deps(), api, params.external_id, body),
  );
  syndicRoute(app, e.signatures, ({ api, params }) => listSignatures(deps(), api, params.external_id));
  syndicRoute(app, e.proxies, ({ api, params }) => listProxies(app.db, api, params.external_id));
  syndicRoute(app, e.ballots, ({ api, params }) => listBallots(app.db, api, params.external_id));
  syndicRoute(app, e.chain, ({ api, params }) => chainCheck(app.db, api, params.external_id));
  syndicRoute(app, e.attendance, ({ api, params }) => attendanceSheet(app.db, api, params.external_id));
  syndicRoute(app, e.documents, ({ api, params }) => issueDocuments(deps(), api, params.external_id));
  syndicRoute(app, e.tally, ({ api, params }) => tally(app.db, api, params.external_id));
  syndicDeskRoutes(app);
}
