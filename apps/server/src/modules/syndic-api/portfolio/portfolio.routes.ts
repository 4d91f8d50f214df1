import { syndicPortfolioEndpoints as e } from '@tantieme/contract';
import type { FastifyInstance } from 'fastify';
import { crudRoutes } from '../kit/crud.js';
import { syndicRoute } from '../kit/index.js';
import * as p from './portfolio.service.js';
import { getProfile, LOGO_MAX_BYTES, LOGO_TYPES, putLogo, putProfile } from './profile.service.js';

export async function portfolioRoutes(app: FastifyInstance) {
  syndicRoute(app, e.getProfile, ({ api }) => getProfile(app.db, api));
  syndicRoute(app, e.putProfile, ({ api, body }) => putProfile(app.db, api, body));
  // The logo is sent as raw image bytes (no multipart), parsed only in this plugin.
  app.addContentTypeParser(LOGO_TYPES, { parseAs: 'buffer', bodyLimit: LOGO_MAX_BYTES }, (_req, body, done) =>
    done(null, body),
  );
  syndicRoute(app, e.putLogo, ({ api, req }) =>
    putLogo(app.db, app.platform.storage, api, req.headers['content-type'], req.body),
  );
  crudRoutes(app, e.coproprietes, p.coproprietes);
  crudRoutes(app, e.administrators, p.administrators);
  crudRoutes(app, e.lots, p.lots);
  crudRoutes(app, e.repartitions, p.repartitions);
  crudRoutes(app, e.coproprietaires, p.coproprietaires);
  syndicRoute(app, e.removeCoproprietaire, ({ api, params }) =>
    p.removeCoproprietaire(app.db, api, params.external_id),
  );
}
