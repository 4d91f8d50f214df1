import { paymentEndpoints } from '@tantieme/contract';
import type { FastifyInstance } from 'fastify';
import { currentUser } from '../../http/auth.js';
import { route } from '../../http/route.js';
import { sha256 } from '../../lib/crypto.js';
import { guardCopropriete, guardCoproprietaireInCopro } from '../access/access.service.js';
import { getMandate, revokeMandate, saveMandate } from './mandate.service.js';
import { startStripeMandate } from './mandate.stripe.service.js';
import { getPaymentReceipt } from './receipt.service.js';
import { createPaymentSession, dataForPayment, isCardPaymentReady } from './payments.service.js';

/** SPEC §7 Finances: the card payment calls. */
export async function paymentsRoutes(app: FastifyInstance) {
  route(
    app,
    paymentEndpoints.dataForPayment,
    async ({ req, params }) => {
      const record = await guardCoproprietaireInCopro(req, params.coproId, params.id);
      return dataForPayment(app.db, record.coproprietaire.id);
    },
    { preview: true },
  );

  route(
    app,
    paymentEndpoints.generateSession,
    async ({ req, params, body }) => {
      const record = await guardCoproprietaireInCopro(req, params.coproId, params.id, { write: true });
      const user = currentUser(req);
      return createPaymentSession(app, record, { id: user.id, email: user.email }, body);
    },
    {
      rateLimit: {
        max: 20,
        timeWindow: '1 minute',
        // Runs before auth: keyed by the bearer (hashed), else the address.
        keyGenerator: (req) =>
          `pay:${req.headers.authorization ? sha256(req.headers.authorization) : req.ip}`,
      },
    },
  );

  route(
    app,
    paymentEndpoints.receipt,
    async ({ req, params }) => {
      const record = await guardCoproprietaireInCopro(req, params.coproId, params.id);
      return getPaymentReceipt(app.db, app.platform.storage, record, params.paymentId);
    },
    { preview: true },
  );

  route(
    app,
    paymentEndpoints.sepaMandate,
    async ({ req, params }) =>
      getMandate(app, await guardCoproprietaireInCopro(req, params.coproId, params.id)),
    { preview: true },
  );

  route(app, paymentEndpoints.saveSepaMandate, async ({ req, params, body }) => {
    const record = await guardCoproprietaireInCopro(req, params.coproId, params.id, { write: true });
    return saveMandate(app, record, currentUser(req).id, body);
  });

  route(
    app,
    paymentEndpoints.startSepaMandateSetup,
    async ({ req, params }) => {
      const record = await guardCoproprietaireInCopro(req, params.coproId, params.id, { write: true });
      const user = currentUser(req);
      return startStripeMandate(app, record, { id: user.id, email: user.email });
    },
    { rateLimit: { max: 10, timeWindow: '1 minute' } },
  );

  route(app, paymentEndpoints.revokeSepaMandate, async ({ req, params }) =>
    revokeMandate(app, await guardCoproprietaireInCopro(req, params.coproId, params.id, { write: true })),
  );

  route(
    app,
    paymentEndpoints.checkStripeReady,
    async ({ req, params }) => {
      const record = await guardCopropriete(req, params.coproId);
      return { ready: await isCardPaymentReady(app.platform.payments, record.syndic, req.log) };
    },
    { preview: true },
  );
}
