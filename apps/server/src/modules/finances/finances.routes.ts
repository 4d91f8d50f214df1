import { financeEndpoints } from '@tantieme/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../http/route.js';
import {
  guardCoproprietaire,
  readAsCopropriete,
  readAsCoproprietaire,
  readAsCoproprietaireInCopro,
} from '../access/access.service.js';
import * as service from './finances.service.js';

/** Statement, bills, bill breakdowns and payment transactions: every call through the access guard. */
export async function financesRoutes(app: FastifyInstance) {
  const preview = { preview: true };
  // Reads with the session in one statement: the guards' readAs….
  const previewRead = { preview: true, sessionRead: true };

  route(
    app,
    financeEndpoints.ledger,
    async ({ req, params }) => {
      const reads = service.ledgerReads(params.id, params.coproId);
      const { rows } = await readAsCoproprietaireInCopro(req, params.coproId, params.id, reads);
      return service.presentLedger(rows);
    },
    previewRead,
  );

  // The syndic preview's route names the record only (/syndic-preview/:coproprietaireId/…).
  route(
    app,
    financeEndpoints.account,
    async ({ req, params }) => {
      const r = await guardCoproprietaire(req, params.id);
      return { coproprietaire_id: r.coproprietaire.id, copropriete_id: r.copropriete.id };
    },
    preview,
  );

  route(
    app,
    financeEndpoints.ledgerSettled,
    async ({ req, params }) => {
      const read = service.settledLinesRead(params.id, params.coproId);
      const { rows } = await readAsCoproprietaireInCopro(req, params.coproId, params.id, read);
      return service.presentSettledLines(rows);
    },
    previewRead,
  );

  route(
    app,
    financeEndpoints.paidBills,
    async ({ req, params }) => {
      const read = service.billsRead(params.id, params.coproId, 'paid');
      const { rows } = await readAsCoproprietaireInCopro(req, params.coproId, params.id, read);
      return service.presentBills(rows);
    },
    previewRead,
  );

  route(
    app,
    financeEndpoints.unPaidBills,
    async ({ req, params }) => {
      const read = service.billsRead(params.id, params.coproId, 'unpaid');
      const { rows } = await readAsCoproprietaireInCopro(req, params.coproId, params.id, read);
      return service.presentBills(rows);
    },
    previewRead,
  );

  // A read despite the POST (the spec's method): preview tokens may call it too.
  route(
    app,
    financeEndpoints.billDetails,
    async ({ req, params, body }) => {
      const preview = req.auth.preview?.coproprietaireId ?? null;
      const read = service.billDetailsRead(params.coproId, params.billId, body.lot_ids, preview);
      const { rows } = await readAsCopropriete(req, params.coproId, read);
      return service.presentBillDetails(rows, body.lot_ids);
    },
    previewRead,
  );

  route(
    app,
    financeEndpoints.paymentTransactions,
    async ({ req, params, query }) => {
      const read = service.paymentTransactionsRead(params.id, query.page_size, query.page_state);
      const { rows } = await readAsCoproprietaire(req, params.id, read);
      return service.presentPaymentTransactions(rows, query.page_size);
    },
    previewRead,
  );
}
