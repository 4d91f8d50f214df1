import { appendFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import compress from '@fastify/compress';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { errorMessages, retryAfterMessage } from '@tantieme/contract';
import Fastify, { type FastifyError, type FastifyInstance } from 'fastify';
import {
  hasZodFastifySchemaValidationErrors,
  isResponseSerializationError,
  serializerCompiler,
  validatorCompiler,
} from 'fastify-type-provider-zod';
import { Redis } from 'ioredis';
import type { DestinationStream } from 'pino';
import { z } from 'zod';
import type { Config } from './config.js';
import { type Database, type Db, onStatement } from './db/client.js';
import { authPlugin, settleSession } from './http/auth.js';
import { registerJsonParser, rejectOversizeBody } from './http/body-limits.js';
import { AppError, DEFAULT_RETRY_AFTER_S, rateLimited } from './http/errors.js';
import {
  countStatement,
  currentRequestStats,
  serverTiming,
  timedSync,
  withRequestStats,
} from './http/request-stats.js';
import { clientErrorHandler, envelope, frameworkErrors, rejectInvalidText } from './http/inputs.js';
import { createLogger } from './http/logging.js';
import { openApiTransforms } from './http/openapi.js';
import { compileFastSerializer, crossChecked, toWire } from './http/serializer.js';
import { registerSecurityHeaders } from './http/security-headers.js';
import { registerModules } from './modules/index.js';
import { createPlatform, type Platform } from './platform/index.js';
import { memoryRealtime, type Realtime } from './realtime/index.js';

z.config(z.locales.fr());

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    database: Database;
    config: Config;
    platform: Platform;
    realtime: Realtime;
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
}

export { redactUrl } from './http/logging.js';

/** The SQLSTATE of a database error, possibly wrapped (Drizzle puts the driver's in `cause`). */
function sqlStateOf(err: unknown): string | undefined {
  for (
    let e = err as { code?: unknown; cause?: unknown } | undefined, i = 0;
    e && i < 4;
    e = e.cause as never, i++
  ) {
    if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) return e.code;
  }
  return undefined;
}

/**
 * Hashed build assets never change under their name: cached for a year, immutable. Anything
 * else (index.html, favicon, logo) is revalidated, so a deployment is seen at once.
 */
export function staticCacheControl(filePath: string): string {
  return /[\\/]assets[\\/][^\\/]+-[\w-]{8,}\.\w+(\.(br|gz))?$/.test(filePath)
    ? 'public, max-age=31536000, immutable'
    : 'no-cache';
}

/** ws://host or wss://host of the public URL (the Socket.IO connection of the SPA). */
export function socketOrigin(publicUrl: string): string {
  const u = new URL(publicUrl);
  return `${u.protocol === 'https:' ? 'wss:' : 'ws:'}//${u.host}`;
}

/**
 * Paths that name a file (robots.txt, favicon.ico, manifest.json, a missing asset): a real file
 * of the build or 404, never the SPA's HTML with 200.
 */
const FILE_LIKE =
  /\.(txt|ico|json|webmanifest|xml|js|mjs|css|map|png|jpe?g|gif|svg|webp|avif|woff2?|ttf|html?|br|gz)$/i;

const webDist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/dist');

/** Builds the whole HTTP application (tests inject into it; main.ts listens). */
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
  });
  // With SQL_STATS=1 each request counts its SQL statements and times its session lookup, access
  // guard and response validation, and its answer says so (the benchmark and scale.test read
  // it). Only then: the per-request context (AsyncLocalStorage) turns Node's promise hooks on
  // for every promise of the process (decision 68).
  if (config.sqlStats) {
    onStatement(countStatement);
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

  // Shared counters across instances when REDIS_URL is set; in memory otherwise.
  const rateRedis = config.redisUrl ? new Redis(config.redisUrl, { maxRetriesPerRequest: 2 }) : null;
  if (rateRedis) app.addHook('onClose', async () => void (await rateRedis.quit()));

  await app.register(rateLimit, {
    global: false,
    // After auth and body parsing, so a limit can key on the user or a body field (e-mail, phone).
    hook: 'preHandler',
    ...(rateRedis ? { redis: rateRedis, nameSpace: config.rateLimitNamespace } : {}),
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

  app.setErrorHandler(async (thrown: FastifyError | AppError, req, reply) => {
    let err = thrown;
    if (process.env.DEBUG_ERR) console.error('DEBUG_ERR', thrown);
    // A `sessionRead` route stopped before its read (validation): its session decides first.
    if (req.auth?.deferred && !(err instanceof AppError && err.status === 401) && !(await settleSession(req)))
      err = new AppError('UNAUTHORIZED');
    // Every 429 says when to retry: `Retry-After` in seconds and the same delay in the message.
    if (err instanceof AppError && err.status === 429) {
      const after = err.retryAfter ?? DEFAULT_RETRY_AFTER_S;
      return reply
        .status(429)
        .header('retry-after', String(after))
        .send({ success: false, code: err.code, message: retryAfterMessage(err.code, after, err.message) });
    }
    if (err instanceof AppError) {
      return reply.status(err.status).send({
        success: false,
        code: err.code,
        message: err.message,
        ...(err.errors ? { errors: err.errors } : {}),
        ...(err.data !== undefined ? { data: err.data } : {}),
      });
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const errors: Record<string, string> = {};
      for (const v of err.validation) {
        const key = v.instancePath.replace(/^\//, '').replace(/\//g, '.') || '_';
        if (!errors[key]) errors[key] = v.message ?? 'Valeur invalide';
      }
      return reply
        .status(400)
        .send({ success: false, code: 'VALIDATION_ERROR', message: errorMessages.VALIDATION_ERROR, errors });
    }
    if (isResponseSerializationError(err)) {
      req.log.error({ issues: err.cause.issues, url: err.url }, 'response does not match the contract');
      return reply.status(500).send({ success: false, code: 'INTERNAL', message: errorMessages.INTERNAL });
    }
    const status = err.statusCode ?? 500;
    if (
      err.code === 'FST_ERR_CTP_INVALID_JSON_BODY' ||
      (status === 400 && err.code?.startsWith('FST_ERR_CTP'))
    ) {
      return reply.status(400).send({ success: false, code: 'BAD_JSON', message: errorMessages.BAD_JSON });
    }
    if (status === 413 || err.code === 'FST_REQ_FILE_TOO_LARGE') {
      return reply
        .status(413)
        .send({ success: false, code: 'PAYLOAD_TOO_LARGE', message: errorMessages.PAYLOAD_TOO_LARGE });
    }
    if (status === 415) {
      return reply
        .status(415)
        .send({ success: false, code: 'BAD_JSON', message: 'Type de contenu non pris en charge.' });
    }
    // A value the database cannot read (class 22, data exception: malformed uuid, NUL byte,
    // number out of range) is the client's input that a schema let through: 400, not 500.
    const sqlState = sqlStateOf(err);
    if (sqlState?.startsWith('22')) {
      req.log.warn({ err, sqlState }, 'input rejected by the database');
      return reply.status(400).send(envelope('BAD_REQUEST'));
    }
    if (status >= 500) req.log.error({ err }, 'unhandled error');
    if (status === 429) {
      return reply
        .status(429)
        .header('retry-after', String(DEFAULT_RETRY_AFTER_S))
        .send({
          success: false,
          code: 'RATE_LIMITED',
          message: retryAfterMessage('RATE_LIMITED', DEFAULT_RETRY_AFTER_S),
        });
    }
    const code =
      status === 404
        ? 'NOT_FOUND'
        : status === 429
          ? 'RATE_LIMITED'
          : status === 414
            ? 'URI_TOO_LONG'
            : status === 431
              ? 'HEADERS_TOO_LARGE'
              : status >= 500
                ? 'INTERNAL'
                : 'BAD_REQUEST';
    return reply.status(status).send(envelope(code));
  });

  await app.register(authPlugin);
  // After authentication (authPlugin's onRequest), before any schema or query.
  app.addHook('preValidation', rejectInvalidText);
  await registerModules(app);

  // The built SPA, with client-side routing fallback (production and `npm start`).
  const webRoot = opts.webDist ?? webDist;
  const hasWeb = existsSync(path.join(webRoot, 'index.html'));
  // GET /login is prerendered by the build (apps/web/scripts/prerender.mjs, decision 59): its
  // HTML carries the page, painted before the JavaScript runs. Only the bare URL: a query
  // (?mode=, ?redirect=, ?code=) changes what the page shows, so those get the empty shell.
  const hasLogin = hasWeb && existsSync(path.join(webRoot, 'login.html'));
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: webRoot,
      wildcard: false,
      index: false,
      // `<file>.br` / `<file>.gz` written by the Vite build (vite.config.ts precompress).
      preCompressed: true,
      cacheControl: false,
      setHeaders: (res, filePath) => {
        res.setHeader('cache-control', staticCacheControl(filePath));
        res.setHeader('vary', 'Accept-Encoding');
      },
    });
  }
  app.setNotFoundHandler((req, reply) => {
    const url = req.url.split('?')[0];
    const isApi =
      url.startsWith('/api/') || url === '/api' || url.startsWith('/dev/') || url.startsWith('/files/');
    if (!isApi && FILE_LIKE.test(url)) {
      return reply
        .status(404)
        .header('cache-control', 'no-cache')
        .type('text/plain; charset=utf-8')
        .send('Introuvable');
    }
    if (!isApi && hasWeb && (req.method === 'GET' || req.method === 'HEAD')) {
      const page = hasLogin && req.url === '/login' ? 'login.html' : 'index.html';
      return reply.header('cache-control', 'no-cache').sendFile(page);
    }
    // No route for this method and path: its own code, so a client tells a wrong URL from a
    // missing record.
    const code = url === '/api' || url.startsWith('/api/') ? 'ROUTE_NOT_FOUND' : 'NOT_FOUND';
    return reply.status(404).send({ success: false, code, message: errorMessages[code] });
  });

  return app;
}
