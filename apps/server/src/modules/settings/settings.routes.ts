import { postalRequestEndpoints as postal, settingsEndpoints as e } from '@tantieme/contract';
import type { FastifyInstance } from 'fastify';
import { currentUser } from '../../http/auth.js';
import { route } from '../../http/route.js';
import {
  guardCopropriete,
  guardCoproprietaire,
  guardCoproprietaireInCopro,
} from '../access/access.service.js';
import { getConsent } from './consent.service.js';
import { postalRequestState, requestPost, withdrawPost } from './postal.service.js';
import { perClientKey } from './rate-key.js';
import * as service from './settings.service.js';

/** Settings writes are cheap but unbounded otherwise: 60 a minute per session is plenty for switches. */
const writeLimit = { max: 60, timeWindow: '1 minute', keyGenerator: perClientKey('settings') };

export async function settingsRoutes(app: FastifyInstance) {
  // User settings (SPEC §7 User settings): the signed-in user's own keys.
  route(app, e.userMulti, ({ req, body }) => service.getUserSettings(app.db, currentUser(req).id, body.keys));
  route(
    app,
    e.userAddOrUpdate,
    ({ req, body }) => service.setUserSettings(app.db, currentUser(req).id, body.settings),
    { rateLimit: writeLimit },
  );
  route(app, e.userDeleteByKey, ({ req, body }) =>
    service.deleteUserSettings(app.db, currentUser(req).id, body.settings),
  );

  // Copropriété settings: any record holder of that copropriété (or its preview) may read them.
  route(
    app,
    e.coproprieteMulti,
    async ({ req, params, body }) =>
      service.getCoproprieteSettings(await guardCopropriete(req, params.id), body.keys),
    { preview: true },
  );

  // Co-owner record settings.
  route(app, e.coproprietaireGet, async ({ req, params }) =>
    service.getRecordSettings(app.db, await guardCoproprietaire(req, params.id)),
  );
  route(
    app,
    e.coproprietairePut,
    async ({ req, params, body }) =>
      service.updateRecordSettings(
        app.db,
        await guardCoproprietaireInCopro(req, params.coproprieteId, params.coproprietaireId, { write: true }),
        currentUser(req).id,
        body.settings,
      ),
    { rateLimit: writeLimit },
  );
  route(app, e.consentGet, async ({ req, params }) =>
    getConsent(app.db, (await guardCoproprietaire(req, params.id)).coproprietaire.id),
  );

  // Loi art. 42-1: the co-owner asks for the post, or withdraws the request, from their settings.
  route(app, postal.get, async ({ req, params }) =>
    postalRequestState(app.db, (await guardCoproprietaire(req, params.id)).coproprietaire.id),
  );
  route(
    app,
    postal.make,
    async ({ req, params }) =>
      requestPost(
        app.db,
        (await guardCoproprietaire(req, params.id, { write: true })).coproprietaire.id,
        'settings',
        currentUser(req).id,
      ),
    { rateLimit: writeLimit },
  );
  route(
    app,
    postal.withdraw,
    async ({ req, params }) =>
      withdrawPost(
        app.db,
        (await guardCoproprietaire(req, params.id, { write: true })).coproprietaire.id,
        'settings',
        currentUser(req).id,
      ),
    { rateLimit: writeLimit },
  );

  // Onboarding (SPEC §2.15).
  route(app, e.supplementGet, async ({ req, params }) =>
    service.getSupplementInfo(app.db, await guardCoproprietaire(req, params.id)),
  );
  route(
    app,
    e.supplementPut,
    async ({ req, params, body }) =>
      service.updateSupplement(
        app.db,
        await guardCoproprietaireInCopro(req, params.coproprieteId, params.coproprietaireId, { write: true }),
        body,
      ),
    { rateLimit: writeLimit },
  );
  route(
    app,
    e.initSettingsPut,
    async ({ req, params, body }) =>
      service.completeInitSettings(
        app.db,
        await guardCoproprietaireInCopro(req, params.coproprieteId, params.coproprietaireId, { write: true }),
        currentUser(req).id,
        body.settings,
      ),
    { rateLimit: writeLimit },
  );
}
