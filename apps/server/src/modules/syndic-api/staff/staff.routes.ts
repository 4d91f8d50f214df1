import { syndicStaffEndpoints as e } from '@tantieme/contract';
import type { FastifyInstance } from 'fastify';
import { syndicRoute } from '../kit/index.js';
import * as conversations from './conversations.service.js';
import * as staff from './staff.service.js';
import * as verification from './verification.service.js';

/** Staff members, their conversations and the verification of accounts in the syndic API. */
export async function syndicStaffRoutes(app: FastifyInstance) {
  // app.realtime is replaced once the HTTP server exists (main.ts): read it at call time.
  const deps = () => ({
    db: app.db,
    config: app.config,
    storage: app.platform.storage,
    realtime: app.realtime,
    notify: { db: app.db, realtime: app.realtime, config: app.config },
  });
  syndicRoute(app, e.list, ({ api, query }) => staff.listStaff(app.db, api, query));
  syndicRoute(app, e.get, ({ api, params }) => staff.getStaff(app.db, api, params.external_id));
  syndicRoute(app, e.put, ({ api, params, body }) => staff.putStaff(deps(), api, params.external_id, body));
  syndicRoute(app, e.disable, ({ api, params }) => staff.disableStaff(deps(), api, params.external_id));
  syndicRoute(app, e.conversations, ({ api, query }) => conversations.listConversations(deps(), api, query));
  syndicRoute(app, e.messages, ({ api, params, query }) =>
    conversations.listMessages(deps(), api, params.id, query.before),
  );
  syndicRoute(app, e.reply, ({ api, params, body }) => conversations.reply(deps(), api, params.id, body));
  syndicRoute(app, e.verification, ({ api, params }) =>
    verification.verificationState(app.db, api, params.external_id),
  );
  syndicRoute(app, e.submitVerification, ({ api, params }) =>
    verification.submitVerification(deps(), api, params.external_id),
  );
}
