import { randomUUID } from 'node:crypto';
import type { DeliveryState, syndicMessageBody, syndicNotificationBody } from '@tantieme/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import {
  coproprietes,
  files,
  messages,
  notificationSends,
  notifications,
  outbox,
  syndicAuditLog,
  syndics,
} from '../../db/schema/index.js';
import { insertAtOnce } from '../../db/bulk.js';
import { AppError } from '../../http/errors.js';
import { sha256 } from '../../lib/crypto.js';
import {
  auditRows,
  canonical,
  externalIdsOf,
  resolveExternalIds,
  type SyndicApiContext,
} from '../syndic-api/kit/index.js';
import { planMessage, planNotification, type Recipient, resolveAudience, type Staged } from './notify.js';

type App = Pick<FastifyInstance, 'db' | 'realtime' | 'config' | 'platform'>;
type Kind = 'notification' | 'message';
type NotificationBody = z.output<typeof syndicNotificationBody>;
type MessageBody = z.output<typeof syndicMessageBody>;

/** External ids of co-owner records and copropriétés (syndic_external_refs resources). */
export const COPROPRIETAIRE_RESOURCE = 'coproprietaire';
export const COPROPRIETE_RESOURCE = 'copropriete';

const invalid = (errors: Record<string, string>) =>
  new AppError('VALIDATION_ERROR', undefined, { status: 400, errors });

/**
 * Resolves `to` to the recipients, records of this syndic only (with what delivery needs, read
 * in the same query); an unknown id is a 400 naming the field.
 */
async function recipientsOf(
  app: App,
  api: SyndicApiContext,
  to: NotificationBody['to'],
): Promise<Recipient[]> {
  if (to.copropriete) {
    const id = (await resolveExternalIds(app.db, api.syndicId, COPROPRIETE_RESOURCE, [to.copropriete])).get(
      to.copropriete,
    );
    const [own] = id
      ? await app.db
          .select({ id: coproprietes.id })
          .from(coproprietes)
          .where(and(eq(coproprietes.id, id), eq(coproprietes.syndic_id, api.syndicId)))
      : [];
    if (!own) throw invalid({ 'to.copropriete': `Copropriété inconnue : ${to.copropriete}` });
    return resolveAudience(app.db, { coproprieteId: own.id });
  }
  const ext = to.coproprietaires ?? (to.coproprietaire ? [to.coproprietaire] : []);
  const map = await resolveExternalIds(app.db, api.syndicId, COPROPRIETAIRE_RESOURCE, ext);
  const ids = [...new Set(map.values())];
  const recipients = ids.length
    ? await resolveAudience(app.db, { coproprietaireIds: ids }, { syndicId: api.syndicId })
    : [];
  const ok = new Set(recipients.map((r) => r.coproprietaire_id));
  const errors: Record<string, string> = {};
  ext.forEach((e, i) => {
    const id = map.get(e);
    if (!id || !ok.has(id))
      errors[to.coproprietaires ? `to.coproprietaires.${i}` : 'to.coproprietaire'] =
        `Copropriétaire inconnu : ${e}`;
  });
  if (Object.keys(errors).length > 0) throw invalid(errors);
  return recipients;
}

async function findSend(app: App, api: SyndicApiContext, kind: Kind, externalId: string) {
  const [row] = await app.db
    .select()
    .from(notificationSends)
    .where(
      and(
        eq(notificationSends.syndic_id, api.syndicId),
        eq(notificationSends.kind, kind),
        eq(notificationSends.external_id, externalId),
      ),
    );
  return row;
}

/** Stored, pushed, e-mailed, read, per recipient (one query per table). */
export async function deliveryOf(
  app: App,
  api: SyndicApiContext,
  kind: Kind,
  externalId: string,
): Promise<DeliveryState> {
  const send = await findSend(app, api, kind, externalId);
  if (!send) throw new AppError('NOT_FOUND');
  const table = kind === 'notification' ? notifications : messages;
  const rows = await app.db
    .select({ id: table.id, coproprietaire_id: table.coproprietaire_id, is_read: table.is_read })
    .from(table)
    .where(eq(table.send_id, send.id));
  const ids = rows.map((r) => r.id);
  const sent = ids.length
    ? await app.db
        .select({ ref_id: outbox.ref_id, channel: outbox.channel, n: sql<number>`count(*)`.mapWith(Number) })
        .from(outbox)
        .where(and(inArray(outbox.ref_id, ids), eq(outbox.status, 'sent')))
        .groupBy(outbox.ref_id, outbox.channel)
    : [];
  const pushed = new Set(sent.filter((s) => s.channel === 'push').map((s) => s.ref_id));
  const emailed = new Set(sent.filter((s) => s.channel === 'email').map((s) => s.ref_id));
  const ext = await externalIdsOf(
    app.db,
    api.syndicId,
    COPROPRIETAIRE_RESOURCE,
    rows.flatMap((r) => (r.coproprietaire_id ? [r.coproprietaire_id] : [])),
  );
  const recipients = rows.map((r) => ({
    coproprietaire: r.coproprietaire_id ? (ext.get(r.coproprietaire_id) ?? null) : null,
    id: r.id,
    stored: true,
    pushed: pushed.has(r.id),
    emailed: emailed.has(r.id),
    read: r.is_read,
  }));
  return {
    external_id: externalId,
    kind,
    created_at: send.created_at.toISOString(),
    totals: {
      recipients: recipients.length,
      stored: recipients.length,
      pushed: recipients.filter((r) => r.pushed).length,
      emailed: recipients.filter((r) => r.emailed).length,
      read: recipients.filter((r) => r.read).length,
    },
    recipients,
  };
}

/**
 * PUT …/{external_id}: the first call sends (rows, outbox, audit, one transaction; live events
 * after commit); a replay with the same body answers 'unchanged' and sends nothing; the same
 * external_id with another body is a 409.
 */
export async function send(
  app: App,
  api: SyndicApiContext,
  kind: Kind,
  externalId: string,
  body: NotificationBody | MessageBody,
) {
  const hash = sha256(canonical(body));
  // Read-only look-ups side by side (fewer round trips before the realtime event leaves); the
  // replay check still decides first, so a replay answers 'unchanged' whatever the audience is now.
  const [existingR, recipientsR, syndicR] = await Promise.allSettled([
    findSend(app, api, kind, externalId),
    recipientsOf(app, api, body.to),
    app.db.select({ name: syndics.name }).from(syndics).where(eq(syndics.id, api.syndicId)),
  ]);
  if (existingR.status === 'rejected') throw existingR.reason;
  const existing = existingR.value;
  if (existing) {
    if (existing.request_hash !== hash)
      throw new AppError('CONFLICT', 'Cet identifiant externe a déjà servi pour un autre envoi.', {
        status: 409,
      });
    return { result: 'unchanged' as const, delivery: await deliveryOf(app, api, kind, externalId) };
  }
  if (recipientsR.status === 'rejected') throw recipientsR.reason;
  if (syndicR.status === 'rejected') throw syndicR.reason;
  const recipients = recipientsR.value;
  const syndic = syndicR.value[0];

  // Attachments are written to storage first; their rows join the transaction.
  const stored: { id: string; key: string; name: string; content_type: string; size: number }[] = [];
  if (kind === 'message') {
    for (const [i, a] of ((body as MessageBody).attachments ?? []).entries()) {
      const data = Buffer.from(a.content_base64, 'base64');
      if (data.length === 0 || data.length > 5 * 1024 * 1024)
        throw invalid({
          [`attachments.${i}.content_base64`]: 'Pièce jointe vide ou trop volumineuse (5 Mo au plus).',
        });
      const id = randomUUID();
      const key = `messages/${api.syndicId}/${id}/${a.name.replace(/[^A-Za-z0-9._-]/g, '_')}`;
      stored.push({ id, key, name: a.name, content_type: a.content_type, size: data.length });
      await app.platform.storage.put(key, data, a.content_type);
    }
  }

  // Send row, rows, outbox entries, files and audit: ONE statement (atomic on its own, one
  // round trip, one commit), so the realtime event leaves as soon as it returns.
  const sendId = randomUUID();
  const sender = { id: api.syndicId, name: syndic?.name ?? api.syndicAlias, avatar: null, type: 'syndic' };
  const plan =
    kind === 'notification'
      ? planNotification(app, recipients, {
          title: body.title,
          body: body.body,
          type: (body as NotificationBody).type ?? 'INFO',
          url: (body as NotificationBody).url,
          sender,
          sendId,
        })
      : planMessage(app, recipients, {
          title: body.title,
          body: body.body,
          sender,
          attachments: stored.map(({ id, name, content_type, size }) => ({ id, name, content_type, size })),
          sendId,
        });
  const recipientCount = plan.parts[0].rows.length;
  let staged: Staged;
  try {
    const [returned] = await insertAtOnce(app.db, [
      ...plan.parts,
      {
        table: notificationSends,
        rows: [
          {
            id: sendId,
            syndic_id: api.syndicId,
            kind,
            external_id: externalId,
            target: body.to,
            request_hash: hash,
          },
        ],
      },
      {
        table: files,
        rows: stored.map((f) => ({
          id: f.id,
          storage_key: f.key,
          name: f.name,
          content_type: f.content_type,
          size: f.size,
        })),
      },
      {
        table: syndicAuditLog,
        rows: auditRows(api, [
          {
            action: 'sent',
            resource: kind,
            resourceId: sendId,
            externalId,
            changes: { recipients: { before: null, after: recipientCount } },
          },
        ]),
      },
    ]);
    staged = plan.finish(returned);
  } catch (err) {
    // Two identical calls at once: the unique index lets one win; the other is a replay.
    if (String((err as { code?: string }).code ?? (err as Error).message).match(/23505|unique/i)) {
      return send(app, api, kind, externalId, body);
    }
    throw err;
  }
  await staged.afterCommit().catch(() => {});
  return { result: 'created' as const, delivery: await deliveryOf(app, api, kind, externalId) };
}
