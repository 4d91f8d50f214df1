import { isValidIban } from '@tantieme/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../http/errors.js';
import { SANDBOX_CHECKOUT_PATH, type SandboxAdapter } from '../../platform/payments/sandbox.js';
import type { PaymentRequestRow } from './payments.repo.js';
import * as repo from './payments.repo.js';
import { checkoutPage, donePage, notFoundPage, processingPage, sendHtml } from './sandbox.page.js';
import { deliverSandboxEvent, type Outcome } from './sandbox.events.js';

const SESSION_ID = /^cs_sandbox_[A-Za-z0-9_-]{20,64}$/;
type Req = FastifyRequest<{ Params: { sessionId: string } }>;
type Refusal = { code: 'IBAN_INVALID' | 'PAYMENT_REQUEST_INVALID' };

/**
 * The sandbox checkout (embedded default only; never registered when the adapter is Stripe or
 * absent, so never in production): the amount and the lines, 'Payer' by card, a SEPA debit with
 * its mandate, or 'Annuler'; each posts a Stripe-shaped event signed like Stripe's to the real
 * webhook and sends the browser back to the statement. A SEPA debit completes unpaid
 * (processing); its page then simulates the bank's answer days later, success or rejection.
 */
export async function sandboxCheckoutRoutes(app: FastifyInstance) {
  const adapter = app.platform.payments as SandboxAdapter | null;
  if (adapter?.kind !== 'sandbox') return;
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) =>
    done(null, body),
  );

  app.get<{ Params: { sessionId: string } }>(
    `${SANDBOX_CHECKOUT_PATH}/:sessionId`,
    { schema: { hide: true } },
    async (req, reply) => {
      const { sessionId } = req.params;
      const found = SESSION_ID.test(sessionId)
        ? await repo.findRequestForCheckout(app.db, sessionId)
        : undefined;
      if (found?.request.provider !== 'sandbox') return sendHtml(reply, 404, notFoundPage());
      const r = found.request;
      if (r.status === 'processing') return sendHtml(reply, 200, processingPage(r, sessionId));
      if (r.status !== 'open') return sendHtml(reply, 200, donePage(`/${r.coproprietaire_id}/facture-v2`));
      const lines = await repo.linesByIds(app.db, [
        ...r.debits.map((d) => d.id),
        ...r.credits.map((c) => c.id),
      ]);
      return sendHtml(reply, 200, checkoutPage(found, lines, sessionId));
    },
  );

  const finish =
    (pick: (req: Req, r: PaymentRequestRow) => Outcome | Refusal, success: (o: Outcome) => boolean) =>
    async (req: Req, reply: FastifyReply) => {
      const { sessionId } = req.params;
      const r = SESSION_ID.test(sessionId) ? await repo.findRequestBySession(app.db, sessionId) : undefined;
      if (r?.provider !== 'sandbox') return reply.status(404).send({ success: false, code: 'NOT_FOUND' });
      const outcome = pick(req, r);
      if ('code' in outcome) {
        const e = new AppError(outcome.code);
        return reply.status(e.status).send({ success: false, code: e.code, message: e.message });
      }
      const res = await deliverSandboxEvent(app, adapter, r, sessionId, outcome);
      if (res.statusCode !== 200) {
        req.log.error({ status: res.statusCode }, 'payments: sandbox webhook delivery failed');
        return reply.status(502).send({ success: false, code: 'PAYMENT_PROVIDER_ERROR' });
      }
      const q = new URLSearchParams({
        session_id: sessionId,
        stripe_payment_success: success(outcome) ? '1' : '0',
      });
      return reply.redirect(`/${r.coproprietaire_id}/facture-v2?${q.toString()}`, 303);
    };

  const path = (what: string) => `${SANDBOX_CHECKOUT_PATH}/:sessionId/${what}`;
  const hide = { schema: { hide: true } };
  app.post(
    path('pay'),
    hide,
    finish(
      () => ({ type: 'checkout.session.completed', method: 'card' }),
      () => true,
    ),
  );
  app.post(
    path('cancel'),
    hide,
    finish(
      () => ({ type: 'checkout.session.expired' }),
      () => false,
    ),
  );
  // The SEPA form: a valid IBAN and the mandate accepted, else nothing is sent.
  app.post(
    path('sepa'),
    hide,
    finish(
      (req) => {
        const form = new URLSearchParams(typeof req.body === 'string' ? req.body : '');
        if (
          !isValidIban(form.get('iban') ?? '') ||
          form.get('accept') !== 'on' ||
          !form.get('holder')?.trim()
        )
          return { code: 'IBAN_INVALID' };
        return { type: 'checkout.session.completed', method: 'sepa_debit' };
      },
      () => true,
    ),
  );
  // The bank's answer to a SEPA debit under way, days later.
  app.post<{ Params: { sessionId: string; outcome: string } }>(
    `${SANDBOX_CHECKOUT_PATH}/:sessionId/settle/:outcome`,
    hide,
    finish(
      (req, r) => {
        const ok = (req.params as { sessionId: string; outcome?: string }).outcome === 'succeeded';
        if (r.status !== 'processing') return { code: 'PAYMENT_REQUEST_INVALID' };
        return {
          type: ok ? 'checkout.session.async_payment_succeeded' : 'checkout.session.async_payment_failed',
        };
      },
      (o) => o.type === 'checkout.session.async_payment_succeeded',
    ),
  );
}
