import { syndicAccountsEndpoints as e } from '@tantieme/contract';
import type { FastifyInstance } from 'fastify';
import { crudRoutes } from '../kit/crud.js';
import { syndicRoute } from '../kit/index.js';
import { acknowledge } from './acknowledge.service.js';
import * as s from './accounts.service.js';
import * as ledger from './ledger.service.js';

export async function accountsRoutes(app: FastifyInstance) {
  crudRoutes(app, e.charges, s.charges);
  crudRoutes(app, e.financialYears, s.financialYears);
  crudRoutes(app, e.bills, s.bills);
  crudRoutes(app, e.ledgerLines, ledger.ledgerLines);
  syndicRoute(app, e.balance, ({ api, params }) => ledger.getBalance(app.db, api, params.external_id));
  syndicRoute(app, e.acknowledgePayment, ({ api, params }) => acknowledge(app.db, api, params.id));
}
