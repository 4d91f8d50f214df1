import { coproprietaireEndpoints as E } from '@tantieme/contract';
import type { FastifyInstance } from 'fastify';
import { currentUser, sessionRead } from '../../http/auth.js';
import { rateLimited } from '../../http/errors.js';
import { route } from '../../http/route.js';
import * as service from './coproprietaire.service.js';

/**
 * Attach-code limits: 36^9 codes, so a guesser is bounded by these tries. Per IP on the route
 * (before anything runs) and per user in the handler (a user behind many IPs stays bounded).
 */
export const ATTACH_LIMITS = {
  perIp: { max: 30, timeWindow: '1 hour' },
  perUser: { max: 10, timeWindow: '1 hour' },
} as const;

export async function coproprietaireRoutes(app: FastifyInstance) {
  // The user's records, read in the session statement itself (decision 62).
  route(
    app,
    E.all,
    async ({ req }) =>
      service.presentUserCoproprietaires(await sessionRead(req, service.recordsOfSessionUserRead())),
    { sessionRead: true },
  );

  const perUserAttach = app.createRateLimit({
    ...ATTACH_LIMITS.perUser,
    keyGenerator: (req) => `attach:user:${currentUser(req).id}`,
  });
  route(
    app,
    E.attach,
    async ({ req, params }) => {
      const user = currentUser(req);
      const limit = await perUserAttach(req);
      if (!limit.isAllowed && limit.isExceeded) throw rateLimited(limit.ttl);
      return service.attachByCode(app.db, user.id, params.code);
    },
    { rateLimit: { ...ATTACH_LIMITS.perIp, keyGenerator: (req) => `attach:ip:${req.ip}` } },
  );

  route(app, E.remove, ({ req, params }) => service.removeCoproprietaire(req, params.id));
  route(app, E.details, ({ req, params }) => service.coproprietaireDetails(req, params.id, params.id2), {
    preview: true,
  });
  route(app, E.byCopropriete, ({ req, params }) => service.coproprietaireOfCopropriete(req, params.id), {
    preview: true,
  });
  route(app, E.memberUnion, ({ req, body }) => service.memberUnionFlags(req, body.datas), { preview: true });
  route(app, E.pendingAttach, ({ req }) => service.pendingAttach(req, currentUser(req).id));
  route(app, E.confirmPendingAttach, ({ req }) => service.confirmPendingAttach(app.db, currentUser(req).id));
}
