import { appendFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import compress from '@fastify/compress';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance, type FastifyPluginAsync } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { DestinationStream } from 'pino';
import { z } from 'zod';
import type { Config } from './config.js';
import { type Database, type Db, onStatement } from './db/client.js';
import { authPlugin } from './http/auth.js';
import { registerJsonParser, rejectOversizeBody } from './http/body-limits.js';
import { rateLimited } from './http/errors.js';
import { redisRateStore } from './http/rate-limit-store.js';
import {
  countStatement,
  currentRequestStats,
  serverTiming,
  timedSync,
  withRequestStats,
} from './http/request-stats.js';
import { clientErrorHandler, frameworkErrors, rejectInvalidText } from './http/inputs.js';
import { createLogger } from './http/logging.js';
import { registerMetrics } from './http/metrics.js';
import { registerTracing } from './http/tracing.js';
import { logStatement, registerRequestLog, requestId } from './http/request-log.js';
import { openApiTransforms } from './http/openapi.js';
import { compileFastSerializer, crossChecked, toWire } from './http/serializer.js';
import { registerSecurityHeaders } from './http/security-headers.js';
import { errorHandler } from './http/error-handler.js';
import { registerWeb } from './http/web.js';
import { registerModules } from './modules/index.js';
import { createPlatform, type Platform } from './platform/index.js';
import { fallbackStore, openRedisLink, type RedisLink } from './platform/redis-link.js';
import { memoryRealtime, type Realtime } from './realtime/index.js';

z.config(z.locales.fr());

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    database: Database;
    config: Config;
    platform: Platform;
    realtime: Realtime;
    redisLink: RedisLink;
  }
}

export interface BuildOptions {
  database: Database;
  config: Config;
  platform?: Partial<Platform>;
  realtime?: Realtime;
  logger?: boolean;
  /** Where log lines go (tests read them); stdout by default. */
  logStream?: DestinationStream;
  /** The built SPA to serve (default: apps/web/dist). */
  webDist?: string;
  /**
   * Routes handed in by the development entry (`seed/main.ts`: the e2e tenants), registered
   * under /dev outside production only, so production code never imports the seed.
   */
  devRoutes?: FastifyPluginAsync;
}

export { redactUrl } from './http/logging.js';
export { staticCacheControl } from './http/web.js';

/** ws://host or wss://host of the public URL (the Socket.IO connection of the SPA). */
export function socketOrigin(publicUrl: string): string {
  const u = new URL(publicUrl);
  return `${u.protocol === 'https:' ? 'wss:' : 'ws:'}//${u.host}`;
}

const webDist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/dist');

/** Builds the whole HTTP application (tests inject into it; server.ts listens). */
export async function buildApp(opts: BuildOptions): Promise<FastifyInstance> {
  const { config } = opts;
  const app = Fastify({
    ...(opts.logger === false && !opts.logStream
      ? { logger: false }
      : { loggerInstance: createLogger(config.logLevel, opts.logStream) }),
    bodyLimit: 2 * 1024 * 1024,
    // A Web Push subscription (JSON) is the device token of DELETE …/device-tokens/{token}.
    routerOptions: { maxParamLength: 2048 },
    // Only a known number of proxy hops: trusting any X-Forwarded-For would let a client pick
    // its own address and escape per-IP rate limits.
    trustProxy: config.trustProxy > 0 ? (_addr: string, hop: number) => hop < config.trustProxy : false,
    // Router and HTTP parser failures answer the French envelope too (http/inputs.ts).
    frameworkErrors,
    clientErrorHandler,
    // The proxy's X-Request-Id when it is a plain token, else a new UUID: one id per request
    // across nginx's log, this instance's log lines and its SQL log (http/request-log.ts).
    requestIdHeader: false,
    genReqId: requestId,
  });
  registerRequestLog(app);
  await registerTracing(app, config.otlpTracesUrl);
  // With SQL_STATS=1 each request counts its SQL statements and times its session lookup, access
  // guard and response validation, and its answer says so (the benchmark and scale.test read
  // it). Only then: the per-request context (AsyncLocalStorage) turns Node's promise hooks on
  // for every promise of the process (decision 68).
  if (config.sqlStats) {
    app.addHook('onRequest', (_req, _reply, done) => withRequestStats(done));
    const file = config.sqlStatsFile;
    app.addHook('onSend', async (req, reply) => {
      const stats = currentRequestStats();
      if (!stats) return;
      reply.header('x-sql-statements', String(stats.statements));
      reply.header('server-timing', serverTiming(stats));
      if (file)
        appendFileSync(file, `${JSON.stringify({ method: req.method, url: req.url, sql: stats.sql })}\n`);
    });
  }
  if (config.sqlStats || config.logSql)
    onStatement((text, params) => {
      if (config.sqlStats) countStatement(text, params);
      if (config.logSql) logStatement(text);
    });
  // API answers are personal (a session's data, codes, signed URLs): no cache keeps them, in the
  // browser or on the way. A route that knows better (a signed file) sets its own first.
  app.addHook('onSend', async (req, reply) => {
    if (/^\/(api|dev|files)\//.test(req.url) && !reply.hasHeader('cache-control'))
      reply.header('cache-control', 'no-store');
  });
  // Large answers leave as bytes (http/serializer.ts toWire).
  app.addHook('onSend', (_req, _reply, payload, done) =>
    done(null, typeof payload === 'string' ? toWire(payload) : payload),
  );
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler((route) => {
    const viaZod = serializerCompiler(route as Parameters<typeof serializerCompiler>[0]);
    const fast = compileFastSerializer(route.schema);
    const where = `${route.method} ${route.url}`;
    const serialize = !fast ? viaZod : config.responseCheck ? crossChecked(viaZod, fast, where) : fast;
    return (data) => timedSync('serialize', () => serialize(data));
  });

  app.decorate('database', opts.database);
  app.decorate('db', opts.database.db);
  app.decorate('config', config);
  app.decorate('platform', createPlatform(config, opts.platform));
  app.decorate('realtime', opts.realtime ?? memoryRealtime());
  registerMetrics(app);

  registerSecurityHeaders(app, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", 'blob:'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        // Our own origin only: 'self' (which CSP 3 extends to ws/wss of the same host) and the
        // socket URL of PUBLIC_URL spelled out for browsers that do not; never any ws: host.
        connectSrc: [
          "'self'",
          socketOrigin(config.publicUrl),
          ...(config.addressApiUrl ? [new URL(config.addressApiUrl).origin] : []),
        ],
        // Documents, visio links, office viewers and the maintenance log are framed.
        // An http: MAINTENANCE_APP_URL (a local install) is allowed by its own origin only.
        frameSrc: [
          "'self'",
          'https:',
          'blob:',
          ...(config.maintenanceAppUrl ? [new URL(config.maintenanceAppUrl).origin] : []),
        ],
        workerSrc: ["'self'", 'blob:'],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
    // Files are framed by the SPA itself.
    frameguard: { action: 'sameorigin' },
  });

  // Shared counters across instances when REDIS_URL is set and Redis answers; in this instance's
  // memory otherwise (platform/redis-link.ts).
  const redisLink = openRedisLink(config.redisUrl);
  app.decorate('redisLink', redisLink);
  app.addHook('onClose', () => redisLink.close());

  await app.register(rateLimit, {
    global: false,
    // After auth and body parsing, so a limit can key on the user or a body field (e-mail, phone).
    hook: 'preHandler',
    store: fallbackStore(
      redisLink,
      redisLink.client ? redisRateStore(redisLink.client, config.rateLimitNamespace) : null,
    ),
    errorResponseBuilder: (_req, ctx) => rateLimited(ctx.ttl),
  });
  // API answers compressed when worth it (≥ 1 KB); brotli at quality 4, cheap enough per request.
  // Built assets are precompressed at build time and served as they are (below).
  await app.register(compress, { global: true, threshold: 1024, encodings: ['br', 'gzip'] });
  await app.register(multipart, { limits: { fileSize: 10 * 1024 * 1024, files: 10 } });
  // Bodies: over the route's limit a 413 before reading; JSON nested too deep a 400 before parsing.
  app.addHook('preParsing', rejectOversizeBody);
  registerJsonParser(app);

  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Tantième API',
        version: '1.0.0',
        description: 'API du portail copropriétaires Tantième',
      },
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer' },
          syndicApiKey: { type: 'apiKey', in: 'header', name: 'x-api-key' },
        },
      },
    },
    ...openApiTransforms(config.publicUrl),
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });

  app.setErrorHandler(errorHandler);

  await app.register(authPlugin);
  // After authentication (authPlugin's onRequest), before any schema or query.
  app.addHook('preValidation', rejectInvalidText);
  await registerModules(app);
  if (opts.devRoutes && config.env !== 'production') await app.register(opts.devRoutes);

  await registerWeb(app, opts.webDist ?? webDist);

  return app;
}
