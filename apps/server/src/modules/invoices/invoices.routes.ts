import { invoiceEndpoints as e } from '@tantieme/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../http/errors.js';
import { route } from '../../http/route.js';
import { guardCopropriete, guardCoproprieteWithSession } from '../access/access.service.js';
import * as service from './invoices.service.js';

/** Supplier invoices (SPEC §2.17, §7). Every call goes through the access guard and the §6 scope. */
export async function invoicesRoutes(app: FastifyInstance) {
  const db = app.db;
  const storage = app.platform.storage;
  const preview = { preview: true };
  const guard = (req: FastifyRequest) => (coproprieteId: string) => guardCopropriete(req, coproprieteId);

  route(
    app,
    e.list,
    async ({ req, params, query }) => {
      // The page itself comes from memory while the building's finance_version stands (decision 74).
      const owner = await guardCoproprieteWithSession(req, params.coproprieteId);
      if (owner.copropriete.syndic_id !== params.syndicId) throw new AppError('NOT_FOUND');
      return service.invoiceCards(db, storage, owner, query.page_size, query.page_index);
    },
    { preview: true, sessionRead: true },
  );
  route(
    app,
    e.detail,
    async ({ req, params }) =>
      service.invoiceDetail(
        db,
        storage,
        await service.findVisibleInvoice(db, params.invoiceId, guard(req), { syndicId: params.syndicId }),
      ),
    preview,
  );
  route(
    app,
    e.ecritures,
    async ({ req, params }) => {
      await service.findVisibleInvoice(db, params.invoiceId, guard(req), {
        coproprieteId: params.coproprieteId,
      });
      return service.listEcritures(db, params.invoiceId);
    },
    preview,
  );
  route(
    app,
    e.lotShares,
    async ({ req, params, body }) =>
      service.lotShares(
        db,
        await guardCopropriete(req, params.coproprieteId),
        body.ecriture_ids,
        body.lot_ids,
      ),
    preview,
  );
}
