import { formatCents, formatDate } from '@tantieme/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import Stripe from 'stripe';
import { randomToken } from '../../lib/crypto.js';
import { SANDBOX_CHECKOUT_PATH, type SandboxAdapter } from '../../platform/payments/sandbox.js';
import * as repo from './payments.repo.js';
import { WEBHOOK_PATH } from './webhook.routes.js';

const esc = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );
const SESSION_ID = /^cs_sandbox_[A-Za-z0-9_-]{20,64}$/;

const style = `
*{box-sizing:border-box}body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif;
background:#f1f3f5;color:#212529;display:flex;justify-content:center;padding:24px 12px}
main{background:#fff;border-radius:12px;box-shadow:0 1px 3px rgba(0,0,0,.1);padding:24px;width:100%;max-width:480px}
.badge{display:inline-block;background:#fff3bf;color:#8a6d00;border-radius:6px;padding:4px 8px;font-size:13px;margin:0 0 12px}
h1{font-size:22px;margin:0 0 4px}.payee{color:#495057;margin:0 0 16px;font-size:14px}
.amount{font-size:32px;font-weight:700;margin:0 0 16px;color:#1c4e80}
table{width:100%;border-collapse:collapse;font-size:14px;margin-bottom:20px}
td{padding:8px 0;border-bottom:1px solid #e9ecef;vertical-align:top}td.r{text-align:right;white-space:nowrap;padding-left:12px}
.muted{color:#868e96;font-size:12px}.total td{font-weight:700;border-bottom:0}
.actions{display:flex;flex-direction:column;gap:10px}form{margin:0}
button{width:100%;border:0;border-radius:8px;padding:12px;font-size:16px;font-weight:600;cursor:pointer}
.pay{background:#185ec8;color:#fff}.cancel{background:#f1f3f5;color:#212529;border:1px solid #ced4da}
button:focus-visible{outline:3px solid #6899da;outline-offset:2px}a{color:#185ec8}`;

function page(title: string, body: string) {
  return `<!doctype html><html lang="fr"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${esc(title)}</title><style>${style}</style></head><body><main>${body}</main></body></html>`;
}

const sendHtml = (reply: FastifyReply, status: number, html: string) =>
  reply
    .status(status)
    .header('content-type', 'text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .send(html);

/**
 * The sandbox checkout (embedded default only; never registered when the adapter is
 * Stripe or absent, so never in production): shows the amount and the lines with 'Payer'
 * and 'Annuler', then posts a Stripe-shaped event signed like Stripe's to the real webhook
 * and sends the browser back to the statement with session_id and stripe_payment_success.
 */
export async function sandboxCheckoutRoutes(app: FastifyInstance) {
  const adapter = app.platform.payments as SandboxAdapter | null;
  if (adapter?.kind !== 'sandbox') return;
  // The two buttons post empty HTML forms.
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
      if (found?.request.provider !== 'sandbox')
        return sendHtml(
          reply,
          404,
          page(
            'Paiement introuvable',
            "<h1>Paiement introuvable</h1><p>Cette session de paiement n'existe pas.</p>",
          ),
        );
      const r = found.request;
      const back = `/${r.coproprietaire_id}/facture-v2`;
      if (r.status !== 'open')
        return sendHtml(
          reply,
          200,
          page(
            'Paiement terminé',
            `<h1>Paiement terminé</h1><p>Cette session de paiement est terminée.</p><p><a href="${esc(back)}">Retour à ma situation de compte</a></p>`,
          ),
        );
      const lines = await repo.linesByIds(app.db, [
        ...r.debits.map((d) => d.id),
        ...r.credits.map((c) => c.id),
      ]);
      const nameOf = new Map(lines.map((l) => [l.id, l]));
      const rows = [
        ...r.debits.map((d) => {
          const l = nameOf.get(d.id);
          return `<tr><td>${esc(l?.name ?? 'Ligne')}<br><span class="muted">${esc(formatDate(l?.date))}</span></td><td class="r">${esc(formatCents(d.amount))}</td></tr>`;
        }),
        ...r.credits.map((c) => {
          const l = nameOf.get(c.id);
          return `<tr><td>Crédit : ${esc(l?.name ?? 'Crédit')}</td><td class="r">${esc(formatCents(-c.amount))}</td></tr>`;
        }),
        `<tr class="total"><td>Total à payer</td><td class="r">${esc(formatCents(r.pay_amount_cents))}</td></tr>`,
      ].join('');
      const amount = esc(formatCents(r.pay_amount_cents));
      return sendHtml(
        reply,
        200,
        page(
          `Paiement de ${formatCents(r.pay_amount_cents)} – simulation`,
          `<p class="badge">Paiement simulé : aucune carte n'est débitée</p>
<h1>Paiement par carte</h1>
<p class="payee">${esc(found.syndic_name)} · ${esc(found.copropriete_name)}<br>${esc(found.coproprietaire_name)}</p>
<p class="amount" aria-label="Montant">${amount}</p>
<table aria-label="Lignes réglées">${rows}</table>
<div class="actions">
<form method="post" action="${SANDBOX_CHECKOUT_PATH}/${esc(sessionId)}/pay"><button class="pay" type="submit">Payer</button></form>
<form method="post" action="${SANDBOX_CHECKOUT_PATH}/${esc(sessionId)}/cancel"><button class="cancel" type="submit">Annuler</button></form>
</div>`,
        ),
      );
    },
  );

  const finish =
    (success: boolean) =>
    async (req: FastifyRequest<{ Params: { sessionId: string } }>, reply: FastifyReply) => {
      const { sessionId } = req.params;
      const r = SESSION_ID.test(sessionId) ? await repo.findRequestBySession(app.db, sessionId) : undefined;
      if (r?.provider !== 'sandbox') return reply.status(404).send({ success: false, code: 'NOT_FOUND' });
      const session = {
        id: sessionId,
        object: 'checkout.session',
        amount_total: r.pay_amount_cents,
        currency: r.currency,
        client_reference_id: r.id,
        metadata: { payment_request_id: r.id, coproprietaire_id: r.coproprietaire_id },
        mode: 'payment',
        payment_intent: success ? `pi_sandbox_${randomToken(12)}` : null,
        payment_status: success ? 'paid' : 'unpaid',
        status: success ? 'complete' : 'expired',
      };
      const payload = JSON.stringify({
        id: `evt_sandbox_${randomToken(18)}`,
        object: 'event',
        api_version: Stripe.API_VERSION,
        account: r.account_id,
        created: Math.floor(Date.now() / 1000),
        livemode: false,
        pending_webhooks: 1,
        request: { id: null, idempotency_key: null },
        type: success ? 'checkout.session.completed' : 'checkout.session.expired',
        data: { object: session },
      });
      // The same webhook code path as Stripe's deliveries, signature included.
      const res = await app.inject({
        method: 'POST',
        url: WEBHOOK_PATH,
        headers: { 'content-type': 'application/json', 'stripe-signature': adapter.sign(payload) },
        payload,
      });
      if (res.statusCode !== 200) {
        req.log.error({ status: res.statusCode }, 'payments: sandbox webhook delivery failed');
        return reply.status(502).send({ success: false, code: 'PAYMENT_PROVIDER_ERROR' });
      }
      const q = new URLSearchParams({ session_id: sessionId, stripe_payment_success: success ? '1' : '0' });
      return reply.redirect(`/${r.coproprietaire_id}/facture-v2?${q.toString()}`, 303);
    };

  app.post<{ Params: { sessionId: string } }>(
    `${SANDBOX_CHECKOUT_PATH}/:sessionId/pay`,
    { schema: { hide: true } },
    finish(true),
  );
  app.post<{ Params: { sessionId: string } }>(
    `${SANDBOX_CHECKOUT_PATH}/:sessionId/cancel`,
    { schema: { hide: true } },
    finish(false),
  );
}
