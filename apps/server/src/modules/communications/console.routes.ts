import { consoleNoticeEndpoints as e } from '@tantieme/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../http/route.js';
import { guardConsoleBuilding } from '../access/console.guard.js';
import * as notices from './notices.console.js';

/**
 * A building's notices in the syndic's console: the third entrance of communications, beside the
 * co-owner's routes and the syndic API's, on the same notice service. Every role within reach
 * reads them; sending is 'messages.write' (assistant included, decision 222).
 */
export async function consoleCommunicationsRoutes(app: FastifyInstance) {
  const db = app.db;
  // app.realtime is replaced once the HTTP server exists: read it at call time.
  const notify = () => ({ db: app.db, realtime: app.realtime, config: app.config });

  route(app, e.list, async ({ req, params }) => {
    const b = await guardConsoleBuilding(req, params.coproId, 'building.read');
    return notices.listNotices(db, b.copro.id);
  });
  route(app, e.get, async ({ req, params }) => {
    const b = await guardConsoleBuilding(req, params.coproId, 'building.read');
    return notices.noticeDetail(db, b.copro.id, params.noticeId);
  });
  route(app, e.preview, async ({ req, params, body }) => {
    const b = await guardConsoleBuilding(req, params.coproId, 'messages.write');
    return notices.previewNotice(db, b.copro.id, body);
  });
  route(app, e.send, async ({ req, params, body }) => {
    const b = await guardConsoleBuilding(req, params.coproId, 'messages.write');
    return notices.sendNotice(db, notify(), b.api, b.copro.id, body);
  });
}
