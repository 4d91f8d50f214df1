import { WEBHOOK_SIGNATURE_HEADER } from '@tantieme/contract';
import { eq, inArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../../db/client.js';
import { syndicWebhookDeliveries, syndicWebhookEndpoints } from '../../../db/schema/index.js';
import { checkOutboundUrl, type OutboundPolicy } from '../../../lib/outbound-address.js';
import { outboundFailure, sendToChecked } from '../../../lib/outbound-request.js';
import { decryptSecret, signWebhook } from './webhooks.crypto.js';

type DeliveryRow = typeof syndicWebhookDeliveries.$inferSelect;
type EndpointRow = typeof syndicWebhookEndpoints.$inferSelect;

export const MAX_ATTEMPTS = 8;
/** 30 s, 1 min, 2 min, 4 min… capped at 6 h. */
export const backoffMs = (attempts: number) => Math.min(30_000 * 2 ** (attempts - 1), 6 * 3600_000);
/** Deliveries of one syndic in flight at once (per instance): a slow endpoint holds only these. */
export const PER_SYNDIC_IN_FLIGHT = 2;

export interface DeliveryOptions {
  outbound: OutboundPolicy;
  log?: FastifyBaseLogger;
  now?: () => number;
  timeoutMs?: number;
  perSyndic?: number;
}

/**
 * Claims due deliveries, at most `perSyndic` per syndic and none of the syndics in `busy` (their
 * previous ones are still in flight), oldest syndics first. Rows are locked with SKIP LOCKED, so
 * several instances never claim the same one; a row left 'sending' by a crashed instance is due
 * again after 5 minutes.
 */
export async function claimDue(
  db: Db,
  now: number,
  opts: { perSyndic: number; busy?: Iterable<string>; maxSyndics?: number },
): Promise<DeliveryRow[]> {
  const at = new Date(now).toISOString();
  const stale = new Date(now - 5 * 60_000).toISOString();
  const due = sql`((d.status = 'pending' and d.next_attempt_at <= ${at}::timestamptz) or (d.status = 'sending' and d.next_attempt_at <= ${stale}::timestamptz))`;
  const busy = [...(opts.busy ?? [])];
  const notBusy = busy.length
    ? sql` and d.syndic_id not in (${sql.join(
        busy.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})`
    : sql``;
  const picked = sql`(select p.id from (
      select d.syndic_id from syndic_webhook_deliveries d where ${due}${notBusy}
      group by d.syndic_id order by min(d.next_attempt_at) limit ${opts.maxSyndics ?? 50}
    ) s cross join lateral (
      select d.id from syndic_webhook_deliveries d where d.syndic_id = s.syndic_id and ${due}
      order by d.next_attempt_at limit ${opts.perSyndic} for update skip locked
    ) p)`;
  return db
    .update(syndicWebhookDeliveries)
    .set({ status: 'sending', next_attempt_at: new Date(now) })
    .where(inArray(syndicWebhookDeliveries.id, picked))
    .returning();
}

/**
 * One attempt: the endpoint's URL is checked again (a name may now resolve inside) and the
 * request goes to the checked address. The log keeps the receiver's status code, never what a
 * refused address would have answered, and says a network failure without its details.
 */
async function attempt(
  db: Db,
  appSecret: string,
  d: DeliveryRow,
  e: EndpointRow | undefined,
  opts: DeliveryOptions,
) {
  const now = opts.now ?? Date.now;
  const timeoutMs = opts.timeoutMs ?? 10_000;
  const attempts = d.attempts + 1;
  let code: number | null = null;
  let error: string | null = null;
  if (!e || e.disabled_at) error = 'Point de terminaison désactivé.';
  else {
    const checked = await checkOutboundUrl(e.url, opts.outbound);
    if (!checked.ok) error = checked.reason;
    else {
      const res = await sendToChecked(checked.target, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'user-agent': 'Tantieme-Webhooks/1',
          [WEBHOOK_SIGNATURE_HEADER]: signWebhook(
            decryptSecret(appSecret, e.secret_encrypted),
            d.body,
            now(),
          ),
        },
        body: d.body,
        timeoutMs,
      });
      if (!res.ok) error = outboundFailure(res.reason, timeoutMs);
      else {
        code = res.status;
        if (res.status < 200 || res.status >= 300) error = `HTTP ${res.status}`;
      }
    }
  }
  const done = error === null;
  await db
    .update(syndicWebhookDeliveries)
    .set({
      attempts,
      last_status_code: code,
      last_error: error,
      status: done ? 'delivered' : attempts >= MAX_ATTEMPTS || !e || e.disabled_at ? 'failed' : 'pending',
      delivered_at: done ? new Date(now()) : null,
      next_attempt_at: new Date(now() + (done ? 0 : backoffMs(attempts))),
    })
    .where(eq(syndicWebhookDeliveries.id, d.id));
  opts.log?.info({ deliveryId: d.id, attempts, code, done }, 'syndic webhook attempt');
}

/** Sends claimed rows, all at once (the claim already bounds them per syndic). */
async function sendAll(db: Db, appSecret: string, rows: DeliveryRow[], opts: DeliveryOptions) {
  if (rows.length === 0) return;
  const endpoints = await db
    .select()
    .from(syndicWebhookEndpoints)
    .where(inArray(syndicWebhookEndpoints.id, [...new Set(rows.map((r) => r.endpoint_id))]));
  const byId = new Map(endpoints.map((e) => [e.id, e]));
  await Promise.all(rows.map((d) => attempt(db, appSecret, d, byId.get(d.endpoint_id), opts)));
}

/** Delivers due webhooks once, waiting for every attempt (tests and the CLI); returns how many. */
export async function deliverDueWebhooks(db: Db, appSecret: string, opts: DeliveryOptions) {
  const rows = await claimDue(db, (opts.now ?? Date.now)(), {
    perSyndic: opts.perSyndic ?? PER_SYNDIC_IN_FLIGHT,
  });
  await sendAll(db, appSecret, rows, opts);
  return rows.length;
}

/**
 * Polls for due webhooks every `intervalMs`. Each syndic's claimed deliveries run on their own:
 * the next poll claims other syndics' rows while a slow endpoint still holds its own syndic's
 * (which gets no new ones until they end). Returns a stop function.
 */
export function startWebhookWorker(
  db: Db,
  appSecret: string,
  log: FastifyBaseLogger,
  opts: Omit<DeliveryOptions, 'log'> & { intervalMs?: number },
) {
  const busy = new Set<string>();
  const perSyndic = opts.perSyndic ?? PER_SYNDIC_IN_FLIGHT;
  let claiming = false;
  const timer = setInterval(async () => {
    if (claiming) return;
    claiming = true;
    try {
      const rows = await claimDue(db, (opts.now ?? Date.now)(), { perSyndic, busy });
      const bySyndic = new Map<string, DeliveryRow[]>();
      for (const r of rows) bySyndic.set(r.syndic_id, [...(bySyndic.get(r.syndic_id) ?? []), r]);
      for (const [syndicId, group] of bySyndic) {
        busy.add(syndicId);
        sendAll(db, appSecret, group, { ...opts, log })
          .catch((err) => log.error({ err }, 'syndic webhook worker error'))
          .finally(() => busy.delete(syndicId));
      }
    } catch (err) {
      log.error({ err }, 'syndic webhook worker error');
    } finally {
      claiming = false;
    }
  }, opts.intervalMs ?? 2000);
  timer.unref();
  return () => clearInterval(timer);
}
