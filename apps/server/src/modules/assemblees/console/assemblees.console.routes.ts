import { consoleAssembleeEndpoints as e } from '@tantieme/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../../http/route.js';
import { guardConsoleBuilding } from '../../access/console.guard.js';
import { attachToResolution, detachFromResolution } from './attachments.service.js';
import { previewConvocations, publishFromConsole } from './convene.service.js';
import { createAssemblee, getAssemblee, listAssemblees, updateAssemblee } from './prepare.service.js';

/** A building's assemblies in the console: the third entrance on the syndic API's services. */
export async function consoleAssembleesRoutes(app: FastifyInstance) {
  const db = app.db;
  // app.realtime is replaced once the HTTP server exists (main.ts): read it at call time.
  const deps = () => ({
    db: app.db,
    config: app.config,
    realtime: app.realtime,
    storage: app.platform.storage,
    lre: app.platform.lre,
  });

  route(app, e.list, async ({ req, params }) => {
    const b = await guardConsoleBuilding(req, params.coproId, 'building.read');
    return listAssemblees(db, b.copro.id);
  });
  route(app, e.create, async ({ req, params, body }) => {
    const b = await guardConsoleBuilding(req, params.coproId, 'assemblees.write');
    return createAssemblee(deps(), b, body);
  });
  route(app, e.get, async ({ req, params }) => {
    const b = await guardConsoleBuilding(req, params.coproId, 'building.read');
    return getAssemblee(db, b.copro.id, params.assembleeId);
  });
  route(app, e.update, async ({ req, params, body }) => {
    const b = await guardConsoleBuilding(req, params.coproId, 'assemblees.write');
    return updateAssemblee(deps(), b, params.assembleeId, body);
  });
  route(app, e.preview, async ({ req, params }) => {
    const b = await guardConsoleBuilding(req, params.coproId, 'building.read');
    return previewConvocations(db, app.config, b.copro.id, params.assembleeId);
  });
  route(app, e.attach, async ({ req, params, body }) => {
    const b = await guardConsoleBuilding(req, params.coproId, 'assemblees.write');
    return attachToResolution(deps(), b, params.assembleeId, params.resolutionId, body);
  });
  route(app, e.detach, async ({ req, params }) => {
    const b = await guardConsoleBuilding(req, params.coproId, 'assemblees.write');
    return detachFromResolution(deps(), b, params.assembleeId, params.resolutionId, params.fileId);
  });
  route(app, e.publish, async ({ req, params }) => {
    const b = await guardConsoleBuilding(req, params.coproId, 'assemblees.write');
    return publishFromConsole(deps(), b, params.assembleeId);
  });
}
