import { messageEndpoints as m, notificationEndpoints as n } from '@tantieme/contract';
import type { FastifyInstance } from 'fastify';
import { currentUser, sessionRead } from '../../http/auth.js';
import { AppError } from '../../http/errors.js';
import { route } from '../../http/route.js';
import { pushEndpointAllowed } from '../../platform/push.js';
import { guardCoproprietaire, readAsCoproprietaire } from '../access/access.service.js';
import * as devices from './devices.repo.js';
import { notificationsSyndicRoutes } from './notifications.syndic.routes.js';
import { preferencesRoutes } from './preferences.routes.js';
import * as service from './notifications.service.js';

/** SPEC §7 Notifications and the messages calls of the Co-owner API. */
export async function notificationsRoutes(app: FastifyInstance) {
  await notificationsSyndicRoutes(app);
  await preferencesRoutes(app);
  route(
    app,
    n.list,
    async ({ req, query }) => {
      const id = query.coproprietaire_id;
      if (id) {
        // One record's page: read with the session in one statement (decision 62).
        const { rows } = await readAsCoproprietaire(req, id, service.recordNotificationsRead(id, query));
        return service.presentRecordNotifications(app, id, query, rows);
      }
      // Every record's: the session and the page in one statement too.
      const rows = await sessionRead(req, service.userNotificationsRead(query));
      return service.presentUserNotifications(app, currentUser(req), query, rows);
    },
    { sessionRead: true },
  );
  route(app, n.unreadCount, async ({ req, query }) => {
    if (query.coproprietaire_id) await guardCoproprietaire(req, query.coproprietaire_id);
    return service.unreadNotifications(app, currentUser(req), query.coproprietaire_id, query.category);
  });
  route(app, n.readAll, async ({ req, body }) => {
    const id = body?.coproprietaire_id;
    if (id) await guardCoproprietaire(req, id, { write: true });
    return service.readAllNotifications(app, currentUser(req), id);
  });
  route(app, n.detail, ({ req, params }) => service.getNotification(app, currentUser(req), params.id));
  route(app, n.read, ({ req, params }) => service.readNotification(app, currentUser(req), params.id));
  route(app, n.remove, ({ req, params }) => service.deleteNotification(app, currentUser(req), params.id));

  // Web Push registrations of the signed-in user (SPEC §3 Device registration).
  route(
    app,
    n.registerDevice,
    async ({ req, body }) => {
      const { endpoint } = JSON.parse(body.device_token) as { endpoint: string };
      if (!pushEndpointAllowed(endpoint, app.platform.outbound))
        throw new AppError('VALIDATION_ERROR', undefined, {
          status: 400,
          errors: { device_token: 'Jeton invalide' },
        });
      const row = await devices.upsertDevice(app.db, currentUser(req).id, {
        device_token: body.device_token,
        device_name: body.device_name ?? null,
        device_type: body.device_type,
        device_language: body.device_language,
        device_info: body.device_info ?? null,
        device_gmt: body.device_gmt === undefined ? null : Math.round(body.device_gmt),
        status: body.status,
      });
      return { device_token: row.device_token };
    },
    { rateLimit: { max: 30, timeWindow: '1 hour' } },
  );
  route(app, n.deleteDevice, async ({ req, params }) => ({
    deleted: await devices.deleteDevice(app.db, currentUser(req).id, params.token),
  }));
  route(app, n.vapidKey, () => {
    if (!app.platform.push)
      throw new AppError('SERVICE_UNAVAILABLE', 'Notifications push indisponibles.', { status: 503 });
    return { public_key: app.platform.push.publicKey };
  });

  // Messages of one record (SPEC §7 Co-owner API).
  route(
    app,
    m.list,
    async ({ req, params, query }) => {
      const read = service.messagesPageRead(params.id, query);
      const { rows } = await readAsCoproprietaire(req, params.id, read);
      return service.listMessages(app, params.id, query, rows);
    },
    { sessionRead: true },
  );
  route(app, m.detail, async ({ req, params }) => {
    await guardCoproprietaire(req, params.id);
    return service.getMessage(app, params.id, params.msgId);
  });
  route(app, m.read, async ({ req, params }) => {
    await guardCoproprietaire(req, params.coproId, { write: true });
    return service.readMessage(app, currentUser(req), params.coproId, params.msgId);
  });
  route(app, m.readAll, async ({ req, params }) => {
    await guardCoproprietaire(req, params.id, { write: true });
    return service.readAllMessages(app, currentUser(req), params.id);
  });
  route(app, m.unreadCount, async ({ req, params, query }) => {
    await guardCoproprietaire(req, params.id);
    return service.unreadMessages(app, params.id, query.category);
  });
}
