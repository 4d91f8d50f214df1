import { myDataEndpoints as e } from '@tantieme/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { currentUser } from '../../http/auth.js';
import { route } from '../../http/route.js';
import { deleteMyAccount } from './delete-account.service.js';
import { myDataHtml } from './my-data.html.js';
import { myData } from './my-data.service.js';

/** RGPD: the user's own data (JSON and a readable page) and the deletion of the account. */
export function myDataRoutes(
  app: FastifyInstance,
  passwordLimit: (req: FastifyRequest, id: string) => Promise<void>,
) {
  route(app, e.downloadMyData, ({ req }) => myData(app.db, currentUser(req).id));
  // The same data as a page to read or print: an attachment, not an envelope.
  app.route({
    method: 'GET',
    url: '/api/accounts/my-data.html',
    schema: {
      summary: 'Everything about the signed-in user, as a readable HTML page (RGPD art. 15)',
      tags: ['accounts'],
      security: [{ bearer: [] }],
    },
    config: { auth: 'user' },
    handler: async (req, reply) => {
      const html = myDataHtml(await myData(app.db, currentUser(req).id));
      return reply
        .header('content-type', 'text/html; charset=utf-8')
        .header('content-disposition', 'attachment; filename="mes-donnees-tantieme.html"')
        .header('cache-control', 'no-store')
        .send(html);
    },
  });
  route(app, e.deleteMyAccount, async ({ req, body }) => {
    const user = currentUser(req);
    await passwordLimit(req, user.id);
    return deleteMyAccount(app.db, user, body, app.realtime, { production: app.config.env === 'production' });
  });
}
