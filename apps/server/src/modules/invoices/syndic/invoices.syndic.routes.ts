import { type SyndicInvoiceBody, syndicDocumentEndpoints as e } from '@tantieme/contract';
import type { FastifyInstance } from 'fastify';
import { FILE_PUT_BODY_LIMIT, preparingFiles } from '../../files/syndic/stored-files.js';
import { crudRoutes } from '../../syndic-api/kit/index.js';
import { deleteInvoice, invoicesResource } from './invoices.service.js';

/** Supplier invoices in the syndic API (decision 52): the syndic entrance of invoices. */
export async function syndicInvoicesRoutes(app: FastifyInstance) {
  // app.realtime is replaced once the HTTP server exists (main.ts): read it per request.
  const notify = () => ({ db: app.db, realtime: app.realtime, config: app.config });
  crudRoutes(
    app,
    e.invoices,
    () => ({
      ...preparingFiles(
        (d: SyndicInvoiceBody) => (d.file ? [d.file] : []),
        invoicesResource(app.platform.storage, notify()),
      ),
      delete: deleteInvoice,
    }),
    { putBodyLimit: FILE_PUT_BODY_LIMIT },
  );
}
