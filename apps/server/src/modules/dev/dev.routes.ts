import { desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { outbox } from '../../db/schema/index.js';
import { attachmentsOf } from '../../platform/outbox.js';
import { TEMPLATE_PREVIEWS } from '../../templates/index.js';

const esc = (s: string | null | undefined) =>
  String(s ?? '').replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

/** Every template rendered with its sample variables. */
const previews = () =>
  TEMPLATE_PREVIEWS.map((t) => ({ id: t.id, label: t.label, channel: t.channel, ...t.render() }));

function previewSection() {
  const rows = previews()
    .map(
      (
        p,
      ) => `<section id="${esc(p.id)}"><h3>${esc(p.label)} <small>(${esc(p.channel === 'sms' ? 'SMS' : 'e-mail')}, ${esc(p.id)})</small></h3>
${p.subject ? `<p><strong>${esc(p.subject)}</strong></p>` : ''}<pre>${esc(p.text)}</pre></section>`,
    )
    .join('\n');
  return `<h2>Modèles</h2><p>Chaque e-mail et SMS, rendu avec des données d'exemple (<code>apps/server/src/templates/</code>).</p>\n${rows}`;
}

/**
 * Development only (never registered in production): the outbox of e-mails and SMS, newest
 * first, so a newcomer can read a verification code without SMTP, and every template rendered
 * with sample data.
 */
export async function devRoutes(app: FastifyInstance) {
  app.get('/dev/outbox/templates', async () => ({ success: true, data: previews() }));

  // An attachment the outbox row names, read from storage as the mail worker would send it.
  app.get('/dev/outbox/:id/attachments/:n', async (req, reply) => {
    const { id, n } = req.params as { id: string; n: string };
    if (!/^[0-9a-f-]{36}$/.test(id)) return reply.code(404).send();
    const [row] = await app.db.select().from(outbox).where(eq(outbox.id, id)).limit(1);
    const a = row ? attachmentsOf(row.meta)[Number(n)] : undefined;
    if (!a) return reply.code(404).send();
    reply.type(a.content_type);
    reply.header('content-disposition', `inline; filename*=UTF-8''${encodeURIComponent(a.filename)}`);
    return reply.send(await app.platform.storage.get(a.storage_key));
  });

  app.get('/dev/outbox', async (req, reply) => {
    const rows = await app.db.select().from(outbox).orderBy(desc(outbox.created_at)).limit(200);
    const items = rows.map((r) => ({
      id: r.id,
      channel: r.channel,
      recipient: r.recipient,
      subject: r.subject,
      body: r.body,
      code: r.code,
      status: r.status,
      created_at: r.created_at.toISOString(),
      attachments: attachmentsOf(r.meta).map((a, n) => ({
        filename: a.filename,
        content_type: a.content_type,
        url: `/dev/outbox/${r.id}/attachments/${n}`,
      })),
    }));
    if (String(req.headers.accept ?? '').includes('application/json')) return { success: true, data: items };
    const body = items
      .map(
        (
          i,
        ) => `<tr><td>${esc(new Date(i.created_at).toLocaleString('fr-FR'))}</td><td>${esc(i.channel)}</td><td>${esc(i.recipient)}</td>
<td><strong>${esc(i.subject)}</strong><pre>${esc(i.body)}</pre>${i.attachments.map((a) => `<p>Pièce jointe\u202f: <a href="${esc(a.url)}">${esc(a.filename)}</a></p>`).join('')}</td><td class="code">${esc(i.code)}</td><td>${esc(i.status)}</td></tr>`,
      )
      .join('\n');
    reply.type('text/html; charset=utf-8');
    return `<!doctype html><html lang="fr"><head><meta charset="utf-8"><title>Boîte d'envoi (développement)</title>
<style>body{font-family:system-ui,sans-serif;margin:2rem}table{border-collapse:collapse;width:100%}td,th{border:1px solid #ddd;padding:.5rem;vertical-align:top;text-align:left}pre{white-space:pre-wrap;margin:.25rem 0 0}.code{font:700 1.4rem monospace}section{border-top:1px solid #ddd;margin-top:1rem}small{font-weight:400;color:#555}</style>
</head><body><h1>Boîte d'envoi (développement)</h1><p>E-mails et SMS envoyés, du plus récent au plus ancien.</p>
<table><thead><tr><th>Date</th><th>Canal</th><th>Destinataire</th><th>Message</th><th>Code</th><th>État</th></tr></thead><tbody>
${body || '<tr><td colspan="6">Aucun message.</td></tr>'}</tbody></table>
${previewSection()}</body></html>`;
  });
}
