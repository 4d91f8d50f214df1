import { syndicAccountsEndpoints as e } from '@tantieme/contract';
import type { FastifyInstance } from 'fastify';
import { crudRoutes } from '../kit/crud.js';
import { syndicRoute } from '../kit/index.js';
import * as s from './accounts.service.js';

export async function accountsRoutes(app: FastifyInstance) {
  crudRoutes(app, e.charges, s.charges);
  crudRoutes(app, e.financialYears, s.financialYears);
  crudRoutes(app, e.bills, s.bills);
  crudRoutes(app, e.ledgerLines, s.ledgerLines);
  syndicRoute(app, e.balance, ({ api, params }) => s.getBalance(app.db, api, params.external_id));
}
