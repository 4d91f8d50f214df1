import { consoleMoneyEndpoints as m } from '@tantieme/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../http/route.js';
import { guardConsoleBuilding } from '../access/console.guard.js';
import { bankView } from './bank.console.service.js';
import * as money from './money.service.js';
import {
  generateAppelsAudited,
  importAudited,
  matchAudited,
  reverseAudited,
  saveBudgetAudited,
} from './money.writes.js';

/**
 * A building's money in the console: reading is building.read, every write finances.write, and
 * each write leaves its line in the syndic's audit log (the building's history), through the
 * writes the syndic API shares (money.writes.ts).
 */
export async function consoleMoneyRoutes(app: FastifyInstance) {
  const db = app.db;

  route(app, m.overview, async ({ req, params, query }) => {
    const b = await guardConsoleBuilding(req, params.coproId, 'building.read');
    return money.overview(db, b.copro.id, query.exercice);
  });
  route(app, m.setBudget, async ({ req, params, body }) => {
    const b = await guardConsoleBuilding(req, params.coproId, 'finances.write');
    return (await saveBudgetAudited(db, b.api, b.copro.id, body)).budget;
  });
  route(app, m.previewAppels, async ({ req, params, body }) => {
    const b = await guardConsoleBuilding(req, params.coproId, 'finances.write');
    return money.previewAppels(db, b.copro.id, body);
  });
  route(app, m.generateAppels, async ({ req, params, body }) => {
    const b = await guardConsoleBuilding(req, params.coproId, 'finances.write');
    return generateAppelsAudited(db, b.api, b.copro.id, body);
  });
  route(app, m.journal, async ({ req, params, query }) => {
    const b = await guardConsoleBuilding(req, params.coproId, 'building.read');
    return money.journalPage(db, b.copro.id, query);
  });
  route(app, m.reverse, async ({ req, params, body }) => {
    const b = await guardConsoleBuilding(req, params.coproId, 'finances.write');
    return reverseAudited(db, b.api, b.copro.id, params.ecritureId, body.date);
  });
  route(app, m.balances, async ({ req, params, query }) => {
    const b = await guardConsoleBuilding(req, params.coproId, 'building.read');
    return money.balances(db, b.copro.id, query.exercice);
  });
  route(app, m.bank, async ({ req, params }) => {
    const b = await guardConsoleBuilding(req, params.coproId, 'building.read');
    return bankView(db, b.copro.id, b.copro.syndic_id);
  });
  route(
    app,
    m.importStatement,
    async ({ req, params, body }) => {
      const b = await guardConsoleBuilding(req, params.coproId, 'finances.write');
      return importAudited(db, b.api, b.copro.id, body);
    },
    // A year of a busy account in camt.053 runs to a few megabytes.
    { bodyLimit: 12 * 1024 * 1024 },
  );
  route(app, m.match, async ({ req, params, body }) => {
    const b = await guardConsoleBuilding(req, params.coproId, 'finances.write');
    return matchAudited(db, b.api, b.copro.id, params.lineId, body);
  });
}
