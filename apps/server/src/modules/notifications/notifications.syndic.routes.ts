import { syndicNotificationEndpoints as e } from '@tantieme/contract';
import type { FastifyInstance } from 'fastify';
import { syndicRoute } from '../syndic-api/kit/index.js';
import { deliveryOf, send } from './notifications.syndic.service.js';

/** Syndic API: send notifications and messages through the one notification service. */
export async function notificationsSyndicRoutes(app: FastifyInstance) {
  syndicRoute(app, e.sendNotification, ({ api, params, body }) =>
    send(app, api, 'notification', params.external_id, body),
  );
  syndicRoute(app, e.notificationDelivery, ({ api, params }) =>
    deliveryOf(app, api, 'notification', params.external_id),
  );
  syndicRoute(
    app,
    e.sendMessage,
    ({ api, params, body }) => send(app, api, 'message', params.external_id, body),
    {
      bodyLimit: 40 * 1024 * 1024,
    },
  );
  syndicRoute(app, e.messageDelivery, ({ api, params }) =>
    deliveryOf(app, api, 'message', params.external_id),
  );
}
