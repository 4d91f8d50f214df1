import { formatCents, formatDate } from '@tantieme/contract';
import type { FastifyReply } from 'fastify';
import { SANDBOX_CHECKOUT_PATH } from '../../platform/payments/sandbox.js';
import type { LedgerLineRow, PaymentRequestRow } from './payments.repo.js';

export const esc = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

/** An IBAN the sandbox offers to fill in (valid, of no real account). */
export const SANDBOX_IBAN = 'FR76 3000 6000 0112 3456 7890 189';

const style = `
*{box-sizing:border-box}body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif;
background:#f1f3f5;color:#212529;display:flex;justify-content:center;padding:24px 12px}
main{background:#fff;border-radius:12px;box-shadow:0 1px 3px rgba(0,0,0,.1);padding:24px;width:100%;max-width:480px}
.badge{display:inline-block;background:#fff3bf;color:#6b5400;border-radius:6px;padding:4px 8px;font-size:13px;margin:0 0 12px}
h1{font-size:22px;margin:0 0 4px}h2{font-size:18px;margin:20px 0 8px}.payee{color:#495057;margin:0 0 16px;font-size:14px}
.amount{font-size:32px;font-weight:700;margin:0 0 16px;color:#1c4e80}
table{width:100%;border-collapse:collapse;font-size:14px;margin-bottom:20px}
td{padding:8px 0;border-bottom:1px solid #e9ecef;vertical-align:top}td.r{text-align:right;white-space:nowrap;padding-left:12px}
.muted{color:#6c757d;font-size:12px}.total td{font-weight:700;border-bottom:0}
.actions{display:flex;flex-direction:column;gap:10px}form{margin:0}
label{display:block;font-size:14px;font-weight:600;margin:10px 0 4px}
input[type=text]{width:100%;font-size:16px;padding:10px;border:1px solid #868e96;border-radius:8px}
.check{display:flex;gap:8px;align-items:flex-start;font-weight:400;font-size:13px;line-height:1.4}
.check input{width:24px;height:24px;flex:none;margin:0}
button{width:100%;border:0;border-radius:8px;padding:12px;font-size:16px;font-weight:600;cursor:pointer;margin-top:12px}
.pay{background:#185ec8;color:#fff}.cancel{background:#f1f3f5;color:#212529;border:1px solid #ced4da}
.fail{background:#c92a2a;color:#fff}
button:focus-visible,input:focus-visible{outline:3px solid #6899da;outline-offset:2px}a{color:#185ec8}`;

export function page(title: string, body: string) {
  return `<!doctype html><html lang="fr"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${esc(title)}</title><style>${style}</style></head><body><main>${body}</main></body></html>`;
}

export const sendHtml = (reply: FastifyReply, status: number, html: string) =>
  reply
    .status(status)
    .header('content-type', 'text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .send(html);

/** The SEPA mandate's text (the scheme's model wording), the syndic as the creditor. */
export const mandateText = (creditor: string) =>
  `En signant ce mandat, vous autorisez ${creditor} à envoyer des instructions à votre banque pour débiter votre compte, et votre banque à débiter votre compte conformément à ses instructions. Vous bénéficiez du droit d'être remboursé par votre banque selon les conditions décrites dans la convention que vous avez passée avec elle ; une demande de remboursement doit être présentée dans les 8 semaines suivant la date de débit de votre compte.`;

interface Found {
  request: PaymentRequestRow;
  coproprietaire_name: string;
  copropriete_name: string;
  syndic_name: string;
}

/** The checkout: the lines, then 'Payer' by card or a SEPA debit with its mandate, or 'Annuler'. */
export function checkoutPage(found: Found, lines: LedgerLineRow[], sessionId: string) {
  const r = found.request;
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
  const action = (what: string) => `${SANDBOX_CHECKOUT_PATH}/${esc(sessionId)}/${what}`;
  return page(
    `Paiement de ${formatCents(r.pay_amount_cents)} – simulation`,
    `<p class="badge">Paiement simulé : aucune carte ni aucun compte n'est débité</p>
<h1>Paiement</h1>
<p class="payee">${esc(found.syndic_name)} · ${esc(found.copropriete_name)}<br>${esc(found.coproprietaire_name)}</p>
<p class="amount" aria-label="Montant">${esc(formatCents(r.pay_amount_cents))}</p>
<table aria-label="Lignes réglées">${rows}</table>
<h2>Carte bancaire</h2>
<form method="post" action="${action('pay')}"><button class="pay" type="submit">Payer</button></form>
<h2>Prélèvement SEPA</h2>
<form method="post" action="${action('sepa')}">
<label for="holder">Titulaire du compte</label>
<input type="text" id="holder" name="holder" autocomplete="name" required value="${esc(found.coproprietaire_name)}">
<label for="iban">IBAN</label>
<input type="text" id="iban" name="iban" autocomplete="off" spellcheck="false" required value="${esc(SANDBOX_IBAN)}">
<label class="check"><input type="checkbox" name="accept" required> <span>${esc(mandateText(found.syndic_name))}</span></label>
<button class="pay" type="submit">Valider le prélèvement SEPA</button>
</form>
<div class="actions"><form method="post" action="${action('cancel')}"><button class="cancel" type="submit">Annuler</button></form></div>`,
  );
}

/** A SEPA debit under way: the sandbox stands in for the banks, days later. */
export function processingPage(r: PaymentRequestRow, sessionId: string) {
  const action = (outcome: string) => `${SANDBOX_CHECKOUT_PATH}/${esc(sessionId)}/settle/${outcome}`;
  return page(
    'Prélèvement SEPA en cours – simulation',
    `<p class="badge">Simulation : ce que la banque répondra dans quelques jours</p>
<h1>Prélèvement SEPA en cours</h1>
<p>Le prélèvement de ${esc(formatCents(r.pay_amount_cents))} est transmis à la banque.</p>
<form method="post" action="${action('succeeded')}"><button class="pay" type="submit">Simuler l'encaissement</button></form>
<form method="post" action="${action('failed')}"><button class="fail" type="submit">Simuler le rejet par la banque</button></form>
<p><a href="/${esc(r.coproprietaire_id)}/facture-v2">Retour à ma situation de compte</a></p>`,
  );
}

export const notFoundPage = () =>
  page('Paiement introuvable', "<h1>Paiement introuvable</h1><p>Cette session de paiement n'existe pas.</p>");

export const donePage = (back: string) =>
  page(
    'Paiement terminé',
    `<h1>Paiement terminé</h1><p>Cette session de paiement est terminée.</p><p><a href="${esc(back)}">Retour à ma situation de compte</a></p>`,
  );
