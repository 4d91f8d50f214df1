import { verificationEndpoints as e } from '@tantieme/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../http/route.js';
import { guardCopropriete } from '../access/access.service.js';
import * as service from './verification.service.js';

/** SPEC §7 Verification of accounts: the access guard, then council members only (else 404). */
export async function verificationRoutes(app: FastifyInstance) {
  const deps: service.VerificationDeps = {
    db: app.db,
    storage: app.platform.storage,
    // app.realtime is replaced once the HTTP server exists (main.ts): read it at call time.
    get realtime() {
      return app.realtime;
    },
  };
  const council = async (req: Parameters<typeof guardCopropriete>[0], id: string) => {
    const row = await guardCopropriete(req, id);
    service.assertCouncil(row);
    return row.copropriete.id;
  };
  route(app, e.costs, async ({ req, params, query }) =>
    service.costs(deps, await council(req, params.id), query.charge_type),
  );
  route(app, e.verifyOne, async ({ req, params, body }) =>
    service.verifyOne(deps, await council(req, params.id), params.chargeId, body.invoice_id, body.value),
  );
  route(app, e.verifyAll, async ({ req, params, body }) =>
    service.verifyAll(deps, await council(req, params.id), body.charge_type, body.value),
  );
  route(app, e.finish, async ({ req, params, body }) =>
    service.finish(deps, await council(req, params.id), body.status),
  );
}
