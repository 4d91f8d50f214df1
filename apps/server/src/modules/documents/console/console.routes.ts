import { consoleDocumentEndpoints as e } from '@tantieme/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../../http/route.js';
import { guardConsoleBuilding } from '../../access/console.guard.js';
import * as docs from './console.service.js';

/**
 * A building's documents in the syndic's console: the third entrance of documents, beside the
 * co-owner routes and `syndic/`, on the syndic API's upload and bulk services.
 */
export async function consoleDocumentsRoutes(app: FastifyInstance) {
  // app.realtime is replaced once the HTTP server exists (main.ts): read it per request.
  const deps = (): docs.ConsoleDocs => ({
    db: app.db,
    storage: app.platform.storage,
    notify: { db: app.db, realtime: app.realtime, config: app.config },
  });

  route(app, e.list, async ({ req, params }) =>
    docs.documentsPage(deps(), await guardConsoleBuilding(req, params.coproId, 'building.read')),
  );
  route(app, e.uploads, async ({ req, params, body }) =>
    docs.presign(deps(), await guardConsoleBuilding(req, params.coproId, 'documents.write'), body.files),
  );
  route(app, e.publish, async ({ req, params, body }) =>
    docs.publish(deps(), await guardConsoleBuilding(req, params.coproId, 'documents.write'), body),
  );
  route(app, e.remove, async ({ req, params }) =>
    docs.remove(
      deps(),
      await guardConsoleBuilding(req, params.coproId, 'documents.write'),
      params.documentId,
    ),
  );
}
