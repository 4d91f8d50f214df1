import { councilInvoiceEndpoints as c } from '@tantieme/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../http/route.js';
import { guardCoproprietaire } from '../access/access.service.js';
import { answerInvoice, councilInvoices } from './council.service.js';

/** The council members' invoices (loi art. 21): the access guard, then membership; else 404. */
export async function councilInvoicesRoutes(app: FastifyInstance) {
  const db = app.db;
  const storage = app.platform.storage;
  route(app, c.list, async ({ req, params }) =>
    councilInvoices(db, storage, await guardCoproprietaire(req, params.id)),
  );
  route(app, c.answer, async ({ req, params, body }) =>
    answerInvoice(
      db,
      storage,
      await guardCoproprietaire(req, params.id, { write: true }),
      params.invoiceId,
      body,
    ),
  );
}
