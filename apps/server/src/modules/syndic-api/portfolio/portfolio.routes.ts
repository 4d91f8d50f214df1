import { syndicBenevoleEndpoints as b, syndicPortfolioEndpoints as e } from '@tantieme/contract';
import type { FastifyInstance } from 'fastify';
import { crudRoutes } from '../kit/crud.js';
import { syndicRoute } from '../kit/index.js';
import { setBenevoleByExternalIds } from './benevole.service.js';
import { administrators, coproprietes } from './buildings.service.js';
import { coproprietaires, removeCoproprietaire } from './coproprietaires.service.js';
import { lots, repartitions } from './lots.service.js';
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
  crudRoutes(app, e.coproprietes, coproprietes);
  crudRoutes(app, e.administrators, administrators);
  crudRoutes(app, e.lots, lots);
  crudRoutes(app, e.repartitions, repartitions);
  crudRoutes(app, e.coproprietaires, coproprietaires);
  syndicRoute(app, e.removeCoproprietaire, ({ api, params }) =>
    removeCoproprietaire(app.db, api, params.external_id),
  );
  syndicRoute(app, b.name, ({ api, params, body }) =>
    setBenevoleByExternalIds(app.db, api, params.external_id, body.coproprietaire),
  );
  syndicRoute(app, b.revoke, ({ api, params }) =>
    setBenevoleByExternalIds(app.db, api, params.external_id, null),
  );
}
