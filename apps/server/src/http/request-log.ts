import { randomUUID } from 'node:crypto';
import { AsyncLocalStorage } from 'node:async_hooks';
import type { IncomingMessage } from 'node:http';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';

/** An id a proxy may hand in: letters, digits and dashes, 8 to 64 (nginx's $request_id is 32 hex). */
const GIVEN = /^[A-Za-z0-9-]{8,64}$/;

/** The request's id: the proxy's X-Request-Id when it is a plain token, a new UUID otherwise. */
export function requestId(req: IncomingMessage): string {
  const given = req.headers['x-request-id'];
  return typeof given === 'string' && GIVEN.test(given) ? given : randomUUID();
}

const current = new AsyncLocalStorage<FastifyBaseLogger>();

/**
 * Every answer carries its `x-request-id`. With LOG_SQL=1 the request's child logger (whose
 * lines carry `reqId`) is its context, so each statement it sends is logged with its id: on
 * Node 20 a context in use makes every promise run its hooks (decision 68), hence only then.
 */
export function registerRequestLog(app: FastifyInstance) {
  app.addHook('onRequest', (req, reply, done) => {
    reply.header('x-request-id', req.id);
    if (app.config.logSql) current.run(req.log, done);
    else done();
  });
}

/**
 * Logs a statement's text with the request that sent it (`reqId`); the workers' own statements
 * are not logged. Never its parameters: they hold the personal data.
 */
export function logStatement(text: string) {
  const log = current.getStore();
  if (log) log.info({ sql: text.replace(/\s+/g, ' ').slice(0, 2000) }, 'sql');
}
