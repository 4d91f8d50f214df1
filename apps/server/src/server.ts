import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { buildApp } from './app.js';
import { loadConfig } from './config.js';
import { openDatabase } from './db/client.js';
import { startMetricsServer } from './http/metrics-server.js';
import { fillDocumentTexts } from './modules/documents/search.service.js';
import { startMandateJob } from './modules/payments/mandate.service.js';
import { startWebhookWorker } from './modules/syndic-api/webhooks/webhooks.delivery.js';
import { startOutboxWorker } from './outbox/worker.js';
import { depositPendingLre } from './modules/assemblees/syndic/convocation-letter.js';
import { depositLetter } from './modules/recouvrement/letter.js';
import { ensureVapidKeys } from './platform/push.js';
import { ensureAssembleeSigningKey } from './platform/signing.js';
import { attachRealtime } from './realtime/index.js';
import { roomRules } from './realtime/rooms.js';
import { ensureAppSecret, StartupError } from './secrets.js';

/** What the development entry (`seed/main.ts`) adds to a start; production passes nothing. */
export interface ServerExtras {
  /**
   * Runs once the app is built, before it listens (the demo seed of a first start); a string it
   * answers is printed as the start-up banner.
   */
  beforeListen?: (app: FastifyInstance) => Promise<string | undefined>;
  /** Routes under /dev, registered outside production only (see buildApp). */
  devRoutes?: FastifyPluginAsync;
}

/** Migrates, builds the app, listens, and starts the workers; stops them on SIGINT/SIGTERM. */
export async function startServer(extras: ServerExtras = {}) {
  const config = await ensureAssembleeSigningKey(await ensureVapidKeys(await ensureAppSecret(loadConfig())));
  if (!config.databaseUrl) await mkdir(path.join(config.dataDir, 'db'), { recursive: true });
  const database = await openDatabase({
    url: config.databaseUrl,
    dataDir: path.join(config.dataDir, 'db'),
    poolMax: config.databasePoolMax,
  });
  await database.migrate();

  const app = await buildApp({ database, config, devRoutes: extras.devRoutes });
  const banner =
    (await extras.beforeListen?.(app)) ??
    `\n  Tantième est prêt : ${config.publicUrl}\n  Documentation API : ${config.publicUrl}/api/docs\n`;

  await app.listen({ port: config.port, host: config.host });
  app.realtime = attachRealtime(app.server, roomRules(database.db), config.redisUrl);
  const stopWorker = startOutboxWorker(database.db, app.platform.mail, app.platform.sms, app.log, 1000, {
    push: app.platform.push,
    storage: app.platform.storage,
    lreDeposit: (id) =>
      depositPendingLre(
        { db: database.db, config, lre: app.platform.lre, storage: app.platform.storage },
        id,
      ),
    lreLetter: (row) => depositLetter({ db: database.db, lre: app.platform.lre }, row),
  });
  const stopWebhooks = startWebhookWorker(database.db, config.appSecret, app.log, {
    outbound: app.platform.outbound,
  });

  const stopMandates = startMandateJob(app);
  const metricsServer = config.metrics ? await startMetricsServer(app.metrics, config.metrics) : null;
  console.log(banner);
  // Documents stored before their text was read at upload: read once, in the background.
  fillDocumentTexts(database.db, app.platform.storage).then(
    (n) => n && app.log.info(`text of ${n} documents read for search`),
    (err) => app.log.error({ err }, 'reading documents text failed'),
  );

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    stopWorker();
    stopWebhooks();
    stopMandates();
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    try {
      metricsServer?.close();
      await app.realtime.close();
      await app.close();
      await database.close();
    } finally {
      process.exit(0);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}

/** A refused setting is said in French, alone; anything else with its stack. */
export function exitOnStartFailure(err: unknown) {
  console.error(err instanceof StartupError ? `\nTantième ne démarre pas : ${err.message}\n` : err);
  process.exit(1);
}
