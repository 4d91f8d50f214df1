import { financeEndpoints } from '@tantieme/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../http/route.js';
import {
  guardCopropriete,
  guardCoproprietaire,
  guardCoproprietaireInCopro,
} from '../access/access.service.js';
import * as service from './finances.service.js';

/** Statement, bills, bill breakdowns and payment transactions: every call through the access guard. */
export async function financesRoutes(app: FastifyInstance) {
  const preview = { preview: true };

  route(
    app,
    financeEndpoints.ledger,
    async ({ req, params }) => {
      const r = await guardCoproprietaireInCopro(req, params.coproId, params.id);
      return service.getLedger(app.db, r.coproprietaire.id, r.copropriete.id);
    },
    preview,
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
      const r = await guardCoproprietaireInCopro(req, params.coproId, params.id);
      return service.getSettledLines(app.db, r.coproprietaire.id, r.copropriete.id);
    },
    preview,
  );

  route(
    app,
    financeEndpoints.paidBills,
    async ({ req, params }) => {
      const r = await guardCoproprietaireInCopro(req, params.coproId, params.id);
      return service.getBills(app.db, r.coproprietaire.id, r.copropriete.id, 'paid');
    },
    preview,
  );

  route(
    app,
    financeEndpoints.unPaidBills,
    async ({ req, params }) => {
      const r = await guardCoproprietaireInCopro(req, params.coproId, params.id);
      return service.getBills(app.db, r.coproprietaire.id, r.copropriete.id, 'unpaid');
    },
    preview,
  );

  // A read despite the POST (the spec's method): preview tokens may call it too.
  route(
    app,
    financeEndpoints.billDetails,
    async ({ req, params, body }) => {
      const r = await guardCopropriete(req, params.coproId);
      return service.getBillDetails(app.db, r.copropriete.id, params.billId, body.lot_ids, {
        userId: req.auth.user?.id ?? null,
        coproprietaireId: req.auth.preview?.coproprietaireId ?? null,
      });
    },
    preview,
  );

  route(
    app,
    financeEndpoints.paymentTransactions,
    async ({ req, params, query }) => {
      const r = await guardCoproprietaire(req, params.id);
      return service.getPaymentTransactions(app.db, r.coproprietaire.id, query.page_size, query.page_state);
    },
    preview,
  );
}
