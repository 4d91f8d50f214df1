import { consoleMoneyEndpoints as m } from '@tantieme/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../http/route.js';
import { guardConsoleBuilding } from '../access/console.guard.js';
import { writeAudit } from '../syndic-api/kit/audit.js';
import { bankView, importConsole, matchConsole } from './bank.console.service.js';
import * as money from './money.service.js';

/**
 * A building's money in the console: reading is building.read, every write finances.write, and
 * each write leaves its line in the syndic's audit log (the building's history).
 */
export async function consoleMoneyRoutes(app: FastifyInstance) {
  const db = app.db;

  route(app, m.overview, async ({ req, params, query }) => {
    const b = await guardConsoleBuilding(req, params.coproId, 'building.read');
    return money.overview(db, b.copro.id, query.exercice);
  });
  route(app, m.setBudget, async ({ req, params, body }) => {
    const b = await guardConsoleBuilding(req, params.coproId, 'finances.write');
    const out = await money.saveBudget(db, b.copro.id, body);
    await writeAudit(db, b.api, [
      {
        action: 'updated',
        resource: 'budget',
        resourceId: body.financial_year_id,
        changes: { [`${body.kind}:${body.repartition_id}`]: { before: null, after: body.amount_cents } },
      },
    ]);
    return out;
  });
  route(app, m.previewAppels, async ({ req, params, body }) => {
    const b = await guardConsoleBuilding(req, params.coproId, 'finances.write');
    return money.previewAppels(db, b.copro.id, body);
  });
  route(app, m.generateAppels, async ({ req, params, body }) => {
    const b = await guardConsoleBuilding(req, params.coproId, 'finances.write');
    const out = await money.generateAppels(db, b.copro.id, body);
    if (out.created)
      await writeAudit(db, b.api, [
        {
          action: 'created',
          resource: 'appel',
          resourceId: out.bill_id,
          values: { kind: body.kind, period: body.period, total_cents: out.total_cents },
        },
      ]);
    return out;
  });
  route(app, m.journal, async ({ req, params, query }) => {
    const b = await guardConsoleBuilding(req, params.coproId, 'building.read');
    return money.journalPage(db, b.copro.id, query);
  });
  route(app, m.reverse, async ({ req, params, body }) => {
    const b = await guardConsoleBuilding(req, params.coproId, 'finances.write');
    const out = await money.reverseEcriture(db, b.copro.id, params.ecritureId, body.date);
    await writeAudit(db, b.api, [
      {
        action: 'created',
        resource: 'ecriture',
        resourceId: out.id,
        values: { reverses: params.ecritureId },
      },
    ]);
    return out;
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
      const out = await importConsole(db, b.copro.id, b.copro.syndic_id, body);
      await writeAudit(db, b.api, [
        {
          action: 'created',
          resource: 'bank_statement',
          resourceId: out.statement_id,
          values: { format: body.format, matched: out.matched, unmatched: out.unmatched },
        },
      ]);
      return out;
    },
    // A year of a busy account in camt.053 runs to a few megabytes.
    { bodyLimit: 12 * 1024 * 1024 },
  );
  route(app, m.match, async ({ req, params, body }) => {
    const b = await guardConsoleBuilding(req, params.coproId, 'finances.write');
    const out = await matchConsole(db, b.copro.id, params.lineId, body);
    await writeAudit(db, b.api, [
      {
        action: 'updated',
        resource: 'bank_line',
        resourceId: params.lineId,
        changes: { status: { before: 'unmatched', after: 'matched' } },
      },
    ]);
    return out;
  });
}
