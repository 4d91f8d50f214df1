import { assemblyRegisterEndpoints as e } from '@tantieme/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../http/route.js';
import { assemblySigner } from '../../platform/signing.js';
import { guardCoproprietaireInCopro } from '../access/access.service.js';
import { getFeuilleDePresence, getProcesVerbal } from './minutes.service.js';
import * as service from './register.service.js';

/** The assembly's register and its procès-verbal (any co-owner of the building), and the public key that signs its heads. */
export async function assemblyRegisterRoutes(app: FastifyInstance) {
  const signer = () => assemblySigner(app.config);
  route(
    app,
    e.register,
    async ({ req, params }) =>
      service.getRegister(
        app.db,
        signer(),
        await guardCoproprietaireInCopro(req, params.coproId, params.id),
        params.agId,
      ),
    { preview: true },
  );
  route(app, e.procesVerbal, async ({ req, params }) =>
    getProcesVerbal(
      app.db,
      app.platform.storage,
      await guardCoproprietaireInCopro(req, params.coproId, params.id),
      params.agId,
    ),
  );
  route(app, e.feuilleDePresence, async ({ req, params }) =>
    getFeuilleDePresence(
      app.db,
      app.platform.storage,
      await guardCoproprietaireInCopro(req, params.coproId, params.id),
      params.agId,
    ),
  );
  route(app, e.signingKey, () => service.signingKey(signer()));
}
