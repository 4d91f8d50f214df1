import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { cpuPool } from '../platform/cpu/pool.js';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

declare module 'fastify' {
  interface FastifyInstance {
    metrics: Registry;
  }
}

/** One row of numbers from the database (null when the query found nothing). */
async function row(
  app: FastifyInstance,
  query: ReturnType<typeof sql>,
): Promise<Record<string, number | null>> {
  const res = (await app.db.execute(query)) as unknown as { rows: Record<string, unknown>[] };
  const r = res.rows[0] ?? {};
  return Object.fromEntries(Object.entries(r).map(([k, v]) => [k, v === null ? null : Number(v)]));
}

/** A gauge whose value is read at scrape time; a failing read leaves it unset rather than failing the scrape. */
function readGauge(
  registry: Registry,
  name: string,
  help: string,
  read: () => Promise<number | null | undefined> | number | null | undefined,
) {
  return new Gauge({
    name,
    help,
    registers: [registry],
    async collect() {
      try {
        const v = await read();
        this.set(v ?? 0);
      } catch {
        this.reset();
      }
    },
  });
}

/**
 * The Prometheus registry of one app: process metrics, requests by route (the route's pattern,
 * never the URL: no identifier or personal data), the database pool, the work queues' size and
 * lag (outbox, webhooks, registered letters), the sealing pool and the sockets. Served on its
 * own private port (metrics-server.ts), never on the public one.
 */
export function registerMetrics(
  app: FastifyInstance,
  extra: (registry: Registry) => void = () => {},
): Registry {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP requests by method, route pattern and status',
    labelNames: ['method', 'route', 'status_code'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  });
  const errors = new Counter({
    name: 'http_server_errors_total',
    help: 'Answers with a 5xx status, by route pattern',
    labelNames: ['method', 'route'],
    registers: [registry],
  });
  app.addHook('onResponse', async (req, reply) => {
    // Unmatched URLs share one label: a scan cannot grow the series without bound.
    const route = req.routeOptions.url ?? 'unmatched';
    const labels = { method: req.method, route, status_code: String(reply.statusCode) };
    duration.observe(labels, reply.elapsedTime / 1000);
    if (reply.statusCode >= 500) errors.inc({ method: req.method, route });
  });

  const pool = () => app.database.pool?.();
  readGauge(
    registry,
    'db_pool_connections',
    'Open database connections of this instance',
    () => pool()?.total,
  );
  readGauge(registry, 'db_pool_idle', 'Idle database connections', () => pool()?.idle);
  readGauge(registry, 'db_pool_waiting', 'Queries waiting for a database connection', () => pool()?.waiting);

  // The queues are the database's, shared by every instance: each reports the same figures.
  const queues = async () =>
    row(
      app,
      sql`select
        (select count(*) from outbox where status in ('pending', 'sending')) as outbox_pending,
        (select extract(epoch from now() - min(created_at)) from outbox where status = 'pending') as outbox_lag,
        (select count(*) from syndic_webhook_deliveries where status in ('pending', 'sending')) as webhooks_pending,
        (select extract(epoch from now() - min(next_attempt_at)) from syndic_webhook_deliveries
          where status = 'pending' and next_attempt_at <= now()) as webhooks_lag,
        (select count(*) from assemblee_convocations where channel = 'lre' and sent_at is null) as lre_unsent,
        (select count(*) from assemblee_convocations
          where channel = 'lre' and sent_at is not null and first_presented_at is null) as lre_awaiting`,
    );
  let last: { at: number; value: Promise<Record<string, number | null>> } | null = null;
  // One query per scrape for the six gauges.
  const queue = (key: string) => async () => {
    if (!last || Date.now() - last.at > 1000) last = { at: Date.now(), value: queues() };
    return (await last.value)[key];
  };
  readGauge(registry, 'outbox_pending', 'E-mails, SMS and pushes not yet delivered', queue('outbox_pending'));
  readGauge(registry, 'outbox_lag_seconds', 'Age of the oldest pending outbox message', queue('outbox_lag'));
  readGauge(registry, 'webhooks_pending', 'Webhook deliveries not yet delivered', queue('webhooks_pending'));
  readGauge(
    registry,
    'webhooks_lag_seconds',
    'How late the most overdue webhook delivery is',
    queue('webhooks_lag'),
  );
  readGauge(registry, 'lre_unsent', 'Registered e-mail convocations not yet sent', queue('lre_unsent'));
  readGauge(
    registry,
    'lre_awaiting_presentation',
    'Registered e-mail convocations sent, not yet presented',
    queue('lre_awaiting'),
  );
  readGauge(
    registry,
    'cpu_pool_queued',
    'Seals and other CPU work waiting for a worker thread',
    () => cpuPool().queued,
  );
  readGauge(
    registry,
    'cpu_pool_running',
    'Seals and other CPU work running on worker threads',
    () => cpuPool().running,
  );
  readGauge(registry, 'sockets_connected', 'Socket.IO connections of this instance', () =>
    app.realtime.io ? app.realtime.io.engine.clientsCount : 0,
  );
  extra(registry);
  app.decorate('metrics', registry);
  return registry;
}
