import { consoleAnnexesEndpoints as a, type AnnexNumber } from '@tantieme/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../http/route.js';
import { guardConsoleBuilding } from '../access/console.guard.js';
import { annexPdf, closeExport } from './annexes.files.js';
import { annexes } from './annexes.service.js';

/** The year's close in the console: reading, so building.read (every role, the comptable too). */
export async function consoleAnnexesRoutes(app: FastifyInstance) {
  route(app, a.annexes, async ({ req, params, query }) => {
    const b = await guardConsoleBuilding(req, params.coproId, 'building.read');
    return annexes(app.db, b.copro.id, query.exercice);
  });
  route(app, a.annexPdf, async ({ req, params, query }) => {
    const b = await guardConsoleBuilding(req, params.coproId, 'building.read');
    const who = { coproId: b.copro.id, copro: b.copro.name, syndic: b.actor.syndic.name };
    return annexPdf(app, who, Number(query.annexe) as AnnexNumber, query.exercice);
  });
  route(app, a.export, async ({ req, params, query }) => {
    const b = await guardConsoleBuilding(req, params.coproId, 'building.read');
    const who = { coproId: b.copro.id, copro: b.copro.name, syndic: b.actor.syndic.name };
    return closeExport(app, who, query.fichier, query.exercice);
  });
}
