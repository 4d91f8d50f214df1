import { consoleSignalementEndpoints as e } from '@tantieme/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { route } from '../../http/route.js';
import { guardConsoleBuilding } from '../access/console.guard.js';
import { writeAudit } from '../syndic-api/kit/index.js';
import * as board from './board.service.js';
import type { SignalementsDeps } from './deps.js';

/**
 * The signalements of a building in the syndic's console: the third entrance of the module,
 * beside the co-owner's routes and the syndic API's, on the same services and audit log.
 */
export async function consoleSignalementsRoutes(app: FastifyInstance) {
  const deps: SignalementsDeps = {
    db: app.db,
    storage: app.platform.storage,
    config: app.config,
    // app.realtime is replaced once the HTTP server exists: read it at call time.
    get realtime() {
      return app.realtime;
    },
  };

  /** The board's actor, once the console guard lets them write signalements on the building. */
  async function writer(req: FastifyRequest, coproId: string): Promise<board.BoardActor> {
    const b = await guardConsoleBuilding(req, coproId, 'signalements.write');
    return {
      syndic: { id: b.copro.syndic_id, name: b.actor.syndic.name },
      coproId: b.copro.id,
      authorName: b.actor.displayName || b.actor.syndic.name,
      audit: (id) => (tx, changes) =>
        writeAudit(tx, b.api, [{ action: 'updated', resource: 'signalement', resourceId: id, changes }]),
    };
  }

  route(app, e.board, async ({ req, params }) => {
    const b = await guardConsoleBuilding(req, params.coproId, 'building.read');
    return board.boardOf(deps, b.copro.syndic_id, b.copro.id);
  });
  route(app, e.get, async ({ req, params }) => {
    const b = await guardConsoleBuilding(req, params.coproId, 'building.read');
    return board.detail(deps, b.copro.id, params.signalementId);
  });
  route(app, e.move, async ({ req, params, body }) =>
    board.moveOnBoard(deps, await writer(req, params.coproId), params.signalementId, body),
  );
  route(app, e.comment, async ({ req, params, body }) =>
    board.commentOnBoard(deps, await writer(req, params.coproId), params.signalementId, body),
  );
  route(app, e.assign, async ({ req, params, body }) =>
    board.assignOnBoard(deps, await writer(req, params.coproId), params.signalementId, body),
  );
  route(app, e.merge, async ({ req, params, body }) =>
    board.mergeOnBoard(deps, await writer(req, params.coproId), params.signalementId, body.into),
  );
}
