import { errorMessages, retryAfterMessage } from '@tantieme/contract';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { settleSession } from './auth.js';
import { tooLarge } from './body-limits.js';
import { databaseUnavailable } from './db-unavailable.js';
import { AppError, DEFAULT_RETRY_AFTER_S } from './errors.js';
import { envelope } from './inputs.js';

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
 * Every error answers the French envelope `{ success: false, code, message }` with its status:
 * AppError as thrown, validation 400 with the fields, 413, 415, 429 with Retry-After, a database
 * data exception 400, a unique violation (two identical requests at once) 409, the database unreachable
 * 503, anything else 500 (logged).
 */
export async function errorHandler(
  thrown: FastifyError | AppError,
  req: FastifyRequest,
  reply: FastifyReply,
) {
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
    const big = err.code === 'FST_REQ_FILE_TOO_LARGE' ? new AppError('PAYLOAD_TOO_LARGE') : tooLarge(req);
    return reply.status(413).send({ success: false, code: big.code, message: big.message });
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
  // Two identical requests at once: the second meets the first's row (unique violation), a conflict.
  if (sqlState === '23505') {
    req.log.warn({ sqlState }, 'concurrent duplicate rejected');
    return reply.status(409).send(envelope('CONFLICT'));
  }
  // The database lost (a failover, a restart): the client may retry, as /api/ready says.
  if (status >= 500 && databaseUnavailable(err)) {
    req.log.warn({ err: err.message }, 'database unavailable');
    return reply.status(503).send(envelope('SERVICE_UNAVAILABLE'));
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
}
