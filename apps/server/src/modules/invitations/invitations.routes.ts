import { invitationEndpoints } from '@tantieme/contract';
import type { FastifyInstance } from 'fastify';
import { currentUser } from '../../http/auth.js';
import { route } from '../../http/route.js';
import { createLimiter, LIMITS } from '../identity/limits.js';
import { acceptInvitation, invitationInfo } from './invitations.service.js';

export async function invitationRoutes(app: FastifyInstance) {
  const limit = createLimiter(app, 'invitation', LIMITS.invitation.ip, LIMITS.invitation.id);
  route(app, invitationEndpoints.info, async ({ params, req }) => {
    await limit(req);
    return invitationInfo(app.db, params.code);
  });
  route(app, invitationEndpoints.access, async ({ params, req }) => {
    await limit(req);
    return invitationInfo(app.db, params.code);
  });
  route(app, invitationEndpoints.attach, async ({ params, req }) => {
    const user = currentUser(req);
    await limit(req, user.id);
    return app.db.transaction((tx) => acceptInvitation(tx, user.id, params.code));
  });
}
