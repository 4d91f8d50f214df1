import { randomUUID } from 'node:crypto';
import type { WebhookEventType } from '@tantieme/contract';
import { and, asc, desc, eq, gte, isNull, type SQL } from 'drizzle-orm';
import type { Config } from '../../../config.js';
import type { Db } from '../../../db/client.js';
import {
  coproprietaires,
  coproprietes,
  syndicExternalRefs,
  syndicWebhookDeliveries,
  syndicWebhookEndpoints,
} from '../../../db/schema/index.js';
import { AppError } from '../../../http/errors.js';
import { randomToken } from '../../../lib/crypto.js';
import { checkOutboundUrl, type OutboundPolicy } from '../../../lib/outbound-address.js';
import {
  cursorWhere,
  decodeCursor,
  type Executor,
  exactTime,
  pageOf,
  type SyndicApiContext,
  writeAudit,
} from '../kit/index.js';
import { encryptSecret } from './webhooks.crypto.js';

/** Any database handle or transaction that can read and insert (other modules pass theirs). */
type Queue = Pick<Db, 'select' | 'insert'>;
type EndpointRow = typeof syndicWebhookEndpoints.$inferSelect;
type DeliveryRow = typeof syndicWebhookDeliveries.$inferSelect;

const presentEndpoint = (e: EndpointRow) => ({
  id: e.id,
  url: e.url,
  events: e.events,
  created_at: e.created_at.toISOString(),
  disabled_at: e.disabled_at?.toISOString() ?? null,
});
export const presentDelivery = (d: DeliveryRow) => ({
  id: d.id,
  event_id: d.event_id,
  event_type: d.event_type,
  status: d.status as 'pending' | 'sending' | 'delivered' | 'failed',
  attempts: d.attempts,
  next_attempt_at: d.next_attempt_at.toISOString(),
  last_status_code: d.last_status_code,
  last_error: d.last_error,
  created_at: d.created_at.toISOString(),
  delivered_at: d.delivered_at?.toISOString() ?? null,
  updated_at: d.updated_at.toISOString(),
});

/**
 * The URL must lead outside (lib/outbound-address.ts: https in production, no credentials, every
 * address of the host public); it is checked again at each delivery, names resolve anew.
 */
export async function createEndpoint(
  db: Db,
  config: Config,
  outbound: OutboundPolicy,
  api: SyndicApiContext,
  body: { url: string; events: string[] },
) {
  const checked = await checkOutboundUrl(body.url, outbound);
  if (!checked.ok) throw new AppError('VALIDATION_ERROR', undefined, { errors: { url: checked.reason } });
  const url = checked.target.url;
  const secret = `whsec_${randomToken(32)}`;
  const row = await db.transaction(async (tx) => {
    const [e] = await tx
      .insert(syndicWebhookEndpoints)
      .values({
        syndic_id: api.syndicId,
        url: url.toString(),
        events: body.events,
        secret_encrypted: encryptSecret(config.appSecret, secret),
      })
      .returning();
    await writeAudit(tx, api, [
      {
        action: 'created',
        resource: 'webhook_endpoint',
        resourceId: e.id,
        changes: { url: { before: null, after: e.url }, events: { before: null, after: e.events } },
      },
    ]);
    return e;
  });
  return { ...presentEndpoint(row), secret };
}

/**
 * The syndic's endpoints (a handful), oldest first. With `updated_since`: those registered since
 * and still active, and those stopped since as tombstones (DELETE stops an endpoint; its `id`
 * stands for the external_id it never had).
 */
export async function listEndpoints(
  db: Db,
  api: SyndicApiContext,
  q: { limit: number; cursor?: string; updated_since?: string },
) {
  const rows = await db
    .select()
    .from(syndicWebhookEndpoints)
    .where(eq(syndicWebhookEndpoints.syndic_id, api.syndicId))
    .orderBy(asc(syndicWebhookEndpoints.created_at), asc(syndicWebhookEndpoints.id));
  const since = q.updated_since ? new Date(q.updated_since) : null;
  const after = decodeCursor(q.cursor, 1)?.[0] ?? null;
  const keyOf = (e: EndpointRow) => `${e.created_at.toISOString()}|${e.id}`;
  // Ordered by the cursor's own key (the database's microseconds could order two otherwise).
  const listed = [...rows]
    .sort((a, b) => (keyOf(a) < keyOf(b) ? -1 : 1))
    .filter(
      (e) =>
        (!since || e.created_at >= since || (e.disabled_at !== null && e.disabled_at >= since)) &&
        (!after || keyOf(e) > after),
    );
  const page = pageOf(listed.slice(0, q.limit + 1), q.limit, (e) => [keyOf(e)]);
  const stopped = (e: EndpointRow) => since !== null && e.disabled_at !== null && e.disabled_at >= since;
  return {
    items: page.items.filter((e) => !stopped(e)).map(presentEndpoint),
    deleted: page.items.filter(stopped).map((e) => ({
      external_id: e.id,
      deleted: true as const,
      deleted_at: (e.disabled_at as Date).toISOString(),
    })),
    next_cursor: page.next_cursor,
  };
}

async function ownEndpoint(db: Executor, api: SyndicApiContext, id: string) {
  const [e] = await db
    .select()
    .from(syndicWebhookEndpoints)
    .where(and(eq(syndicWebhookEndpoints.id, id), eq(syndicWebhookEndpoints.syndic_id, api.syndicId)));
  if (!e) throw new AppError('NOT_FOUND');
  return e;
}

export async function disableEndpoint(db: Db, api: SyndicApiContext, id: string) {
  return db.transaction(async (tx) => {
    const e = await ownEndpoint(tx, api, id);
    if (e.disabled_at) return presentEndpoint(e);
    const [row] = await tx
      .update(syndicWebhookEndpoints)
      .set({ disabled_at: new Date() })
      .where(eq(syndicWebhookEndpoints.id, id))
      .returning();
    await writeAudit(tx, api, [
      {
        action: 'deleted',
        resource: 'webhook_endpoint',
        resourceId: id,
        changes: { disabled_at: { before: null, after: row.disabled_at?.toISOString() } },
      },
    ]);
    return presentEndpoint(row);
  });
}

export async function listDeliveries(
  db: Db,
  api: SyndicApiContext,
  id: string,
  q: { limit: number; cursor?: string; updated_since?: string },
) {
  await ownEndpoint(db, api, id);
  const after = decodeCursor(q.cursor, 2);
  const d = syndicWebhookDeliveries;
  // The whole log newest first; a delta by last change, oldest first, so a sync resumes where
  // it stopped. Either way the key is the exact timestamp and the id.
  const [at, dir] = q.updated_since ? ([d.updated_at, 'asc'] as const) : ([d.created_at, 'desc'] as const);
  const where: SQL[] = [eq(d.endpoint_id, id)];
  if (q.updated_since) where.push(gte(d.updated_at, new Date(q.updated_since)));
  if (after)
    where.push(
      cursorWhere(dir, [
        [at, after[0], 'timestamptz'],
        [d.id, after[1], 'uuid'],
      ]),
    );
  const order = dir === 'asc' ? [asc(at), asc(d.id)] : [desc(at), desc(d.id)];
  const rows = await db
    .select({ d, cursor_at: exactTime(at) })
    .from(d)
    .where(and(...where))
    .orderBy(...order)
    .limit(q.limit + 1);
  const page = pageOf(rows, q.limit, (x) => [x.cursor_at, x.d.id]);
  return { ...page, items: page.items.map((x) => presentDelivery(x.d)) };
}

/** Manual redelivery: due now, attempts kept in the log; a delivered one is sent once more. */
export async function redeliver(db: Db, api: SyndicApiContext, deliveryId: string) {
  return db.transaction(async (tx) => {
    const [d] = await tx
      .select()
      .from(syndicWebhookDeliveries)
      .where(
        and(eq(syndicWebhookDeliveries.id, deliveryId), eq(syndicWebhookDeliveries.syndic_id, api.syndicId)),
      );
    if (!d) throw new AppError('NOT_FOUND');
    const [row] = await tx
      .update(syndicWebhookDeliveries)
      .set({ status: 'pending', next_attempt_at: new Date() })
      .where(eq(syndicWebhookDeliveries.id, deliveryId))
      .returning();
    await writeAudit(tx, api, [
      {
        action: 'sent',
        resource: 'webhook_delivery',
        resourceId: d.id,
        changes: { status: { before: d.status, after: 'pending' } },
      },
    ]);
    return presentDelivery(row);
  });
}

/**
 * Queues an event for every active endpoint of the syndic that listens to it, in the caller's
 * transaction (the outbox pattern: nothing is sent if the change rolls back).
 */
export async function queueSyndicEvent(
  tx: Queue,
  syndicId: string,
  type: WebhookEventType,
  data: Record<string, unknown>,
) {
  const endpoints = await tx
    .select()
    .from(syndicWebhookEndpoints)
    .where(and(eq(syndicWebhookEndpoints.syndic_id, syndicId), isNull(syndicWebhookEndpoints.disabled_at)));
  const targets = endpoints.filter((e) => e.events.includes('*') || e.events.includes(type));
  if (targets.length === 0) return null;
  const eventId = `evt_${randomUUID().replaceAll('-', '')}`;
  const body = JSON.stringify({ id: eventId, type, created_at: new Date().toISOString(), data });
  await tx.insert(syndicWebhookDeliveries).values(
    targets.map((e) => ({
      endpoint_id: e.id,
      syndic_id: syndicId,
      event_id: eventId,
      event_type: type,
      body,
    })),
  );
  return eventId;
}

/**
 * An event about a co-owner record: finds its syndic and names the record by the syndic's
 * external_id when it has one (and always by our id). Other modules call this.
 */
export async function queueCoproprietaireEvent(
  tx: Queue,
  coproprietaireId: string,
  type: WebhookEventType,
  data: Record<string, unknown> = {},
) {
  const [row] = await tx
    .select({ syndic_id: coproprietes.syndic_id, external_id: syndicExternalRefs.external_id })
    .from(coproprietaires)
    .innerJoin(coproprietes, eq(coproprietes.id, coproprietaires.copropriete_id))
    .leftJoin(
      syndicExternalRefs,
      and(
        eq(syndicExternalRefs.internal_id, coproprietaires.id),
        eq(syndicExternalRefs.resource, 'coproprietaire'),
        eq(syndicExternalRefs.syndic_id, coproprietes.syndic_id),
      ),
    )
    .where(eq(coproprietaires.id, coproprietaireId))
    .limit(1);
  if (!row) return null;
  return queueSyndicEvent(tx, row.syndic_id, type, {
    coproprietaire: { id: coproprietaireId, external_id: row.external_id },
    ...data,
  });
}
