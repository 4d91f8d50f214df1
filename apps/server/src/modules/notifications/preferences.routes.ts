import { notificationPreferenceEndpoints as e } from '@tantieme/contract';
import type { FastifyInstance } from 'fastify';
import { currentUser } from '../../http/auth.js';
import { route } from '../../http/route.js';
import { guardCoproprietaire, guardCoproprietaireInCopro } from '../access/access.service.js';
import { perClientKey } from '../settings/rate-key.js';
import * as service from './preferences.service.js';

/** One checkbox a call: 60 a minute per session is plenty. */
const writeLimit = {
  max: 60,
  timeWindow: '1 minute',
  keyGenerator: perClientKey('notification-preferences'),
};

/** The co-owner's choice of channel per kind of event ('Configuration'). */
export async function preferencesRoutes(app: FastifyInstance) {
  route(app, e.get, async ({ req, params }) =>
    service.getPreferences(app.db, await guardCoproprietaire(req, params.id)),
  );
  route(
    app,
    e.put,
    async ({ req, params, body }) =>
      service.updatePreferences(
        app.db,
        await guardCoproprietaireInCopro(req, params.coproprieteId, params.coproprietaireId, { write: true }),
        currentUser(req).id,
        body.changes,
      ),
    { rateLimit: writeLimit },
  );
}
