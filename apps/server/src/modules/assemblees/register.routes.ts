import { assembleeRegisterEndpoints as e } from '@tantieme/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../http/route.js';
import { assembleeSigner } from '../../platform/signing.js';
import { guardCoproprietaireInCopro } from '../access/access.service.js';
import { getMinute } from './minutes.service.js';
import * as service from './register.service.js';

/** The assembly's register its procès-verbal and attendance sheet (any co-owner of the building), and the public key that signs its heads. */
export async function assembleeRegisterRoutes(app: FastifyInstance) {
  const signer = () => assembleeSigner(app.config);
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
  for (const [endpoint, kind] of [
    [e.procesVerbal, 'pv'],
    [e.feuilleDePresence, 'feuille'],
  ] as const)
    route(app, endpoint, async ({ req, params }) =>
      getMinute(
        app.db,
        app.platform.storage,
        await guardCoproprietaireInCopro(req, params.coproId, params.id),
        params.agId,
        kind,
      ),
    );
  route(app, e.signingKey, () => service.signingKey(signer()));
}
