import { syndicMoneyEndpoints as e } from '@tantieme/contract';
import type { FastifyInstance } from 'fastify';
import { syndicRoute } from '../kit/index.js';
import * as money from './money.service.js';

/** A building's money on the syndic API (decision 226): the console's services, by external ids. */
export async function syndicMoneyRoutes(app: FastifyInstance) {
  const db = app.db;
  syndicRoute(app, e.budget, ({ api, params }) => money.budget(db, api, params.external_id));
  syndicRoute(app, e.setBudget, ({ api, params, body }) =>
    money.setBudget(db, api, params.external_id, body),
  );
  syndicRoute(app, e.generateAppels, ({ api, params, body }) =>
    money.generateAppels(db, api, params.external_id, body),
  );
  syndicRoute(app, e.journal, ({ api, params, query }) => money.journal(db, api, params.external_id, query));
  syndicRoute(app, e.reverse, ({ api, params, body }) =>
    money.reverse(db, api, params.external_id, params.ecriture_id, body.date),
  );
  syndicRoute(app, e.balances, ({ api, params }) => money.balances(db, api, params.external_id));
  syndicRoute(app, e.bank, ({ api, params }) => money.bank(db, api, params.external_id));
  syndicRoute(
    app,
    e.importStatement,
    ({ api, params, body }) => money.importStatement(db, api, params.external_id, body),
    // A year of a busy account in camt.053 runs to a few megabytes.
    { bodyLimit: 12 * 1024 * 1024 },
  );
  syndicRoute(app, e.match, ({ api, params, body }) =>
    money.match(db, api, params.external_id, params.line_id, body),
  );
  syndicRoute(app, e.debtors, ({ api, params }) => money.debtors(app, api, params.external_id));
  syndicRoute(app, e.sendStep, ({ api, params, body }) =>
    money.sendStep(app, api, params.external_id, params.coproprietaire, body.step),
  );
}
