import { identityEndpoints } from '@tantieme/contract';
import type { FastifyInstance } from 'fastify';
import { currentUser } from '../../http/auth.js';
import { route } from '../../http/route.js';
import { presentUser } from './identity.presenter.js';
import { loginWithPassword } from './identity.service.js';
import { revokeSession } from './session.service.js';

export async function identityRoutes(app: FastifyInstance) {
  route(
    app,
    identityEndpoints.login,
    ({ body, req }) => loginWithPassword(app.db, body.email, body.password, req.headers['user-agent']),
    {
      rateLimit: {
        max: 10,
        timeWindow: '10 minutes',
        keyGenerator: (req) =>
          `login:${String((req.body as { email?: string })?.email ?? '').toLowerCase()}:${req.ip}`,
      },
    },
  );
  route(app, identityEndpoints.logout, async ({ req }) => {
    if (req.auth.sessionId) await revokeSession(app.db, req.auth.sessionId);
    return { ok: true };
  });
  route(app, identityEndpoints.profile, ({ req }) => presentUser(currentUser(req)));
}
