import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import helmet from '@fastify/helmet';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { errorMessages } from '@tantieme/contract';
import Fastify, { type FastifyError, type FastifyInstance } from 'fastify';
import {
  hasZodFastifySchemaValidationErrors,
  isResponseSerializationError,
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
} from 'fastify-type-provider-zod';
import { Redis } from 'ioredis';
import { z } from 'zod';
import type { Config } from './config.js';
import type { Database, Db } from './db/client.js';
import { authPlugin } from './http/auth.js';
import { AppError } from './http/errors.js';
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
}

const webDist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/dist');

/** Builds the whole HTTP application (tests inject into it; main.ts listens). */
export async function buildApp(opts: BuildOptions): Promise<FastifyInstance> {
  const { config } = opts;
  const app = Fastify({
    logger:
      opts.logger === false
        ? false
        : {
            level: config.logLevel,
            // Secrets never reach the logs.
            redact: {
              paths: [
                'req.headers.authorization',
                'req.headers["x-preview-token"]',
                'req.headers.cookie',
                '*.password',
                '*.new_password',
                '*.old_password',
                '*.code',
                '*.token',
              ],
              censor: '[redacted]',
            },
          },
    bodyLimit: 2 * 1024 * 1024,
    trustProxy: true,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  app.decorate('database', opts.database);
  app.decorate('db', opts.database.db);
  app.decorate('config', config);
  app.decorate('platform', createPlatform(config, opts.platform));
  app.decorate('realtime', opts.realtime ?? memoryRealtime());

  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", 'blob:'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        connectSrc: [
          "'self'",
          'ws:',
          'wss:',
          ...(config.addressApiUrl ? [new URL(config.addressApiUrl).origin] : []),
        ],
        // Documents, visio links, office viewers and the maintenance log are framed.
        frameSrc: ["'self'", 'https:', 'blob:'],
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
    errorResponseBuilder: (_req, ctx) => {
      const e = new AppError('RATE_LIMITED', errorMessages.RATE_LIMITED, { status: 429 });
      (e as AppError & { retryAfter?: string }).retryAfter = String(ctx.after);
      return e;
    },
  });
  await app.register(multipart, { limits: { fileSize: 10 * 1024 * 1024, files: 10 } });

  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Tantième API',
        version: '1.0.0',
        description: 'API du portail copropriétaires Tantième',
      },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });

  app.setErrorHandler((err: FastifyError | AppError, req, reply) => {
    if (err instanceof AppError) {
      return reply.status(err.status).send({
        success: false,
        code: err.code,
        message: err.message,
        ...(err.errors ? { errors: err.errors } : {}),
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
    if (status >= 500) req.log.error({ err }, 'unhandled error');
    const code =
      status === 404
        ? 'NOT_FOUND'
        : status === 429
          ? 'RATE_LIMITED'
          : status >= 500
            ? 'INTERNAL'
            : 'BAD_REQUEST';
    return reply
      .status(status)
      .send({ success: false, code, message: errorMessages[code] ?? errorMessages.INTERNAL ?? 'Erreur' });
  });

  await app.register(authPlugin);
  await registerModules(app);

  // The built SPA, with client-side routing fallback (production and `npm start`).
  const hasWeb = existsSync(path.join(webDist, 'index.html'));
  if (hasWeb) {
    await app.register(fastifyStatic, { root: webDist, wildcard: false, index: false });
  }
  app.setNotFoundHandler((req, reply) => {
    const url = req.url.split('?')[0];
    const isApi =
      url.startsWith('/api/') || url === '/api' || url.startsWith('/dev/') || url.startsWith('/files/');
    if (!isApi && hasWeb && (req.method === 'GET' || req.method === 'HEAD')) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    return reply.status(404).send({ success: false, code: 'NOT_FOUND', message: errorMessages.NOT_FOUND });
  });

  return app;
}
