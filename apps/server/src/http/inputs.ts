import type { Socket } from 'node:net';
import { errorMessages, invalidTextPaths, msg } from '@tantieme/contract';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from './errors.js';

/**
 * preValidation hook of every route (after authentication, before any schema): a string no
 * database column can hold (NUL byte, lone surrogate) in the path, the query or the body is a
 * 400 naming the field, whatever route it reaches, including routes added later.
 */
export async function rejectInvalidText(req: FastifyRequest) {
  const errors: Record<string, string> = {};
  for (const part of [req.params, req.query, req.body]) {
    for (const p of invalidTextPaths(part)) errors[p] ??= msg.invalidCharacter;
  }
  if (Object.keys(errors).length > 0) {
    throw new AppError('VALIDATION_ERROR', errorMessages.VALIDATION_ERROR, { status: 400, errors });
  }
}

export const envelope = (code: string) => ({
  success: false as const,
  code,
  message: errorMessages[code] ?? errorMessages.BAD_REQUEST ?? 'Requête invalide.',
});

/**
 * Errors Fastify's router raises before any route runs (undecodable URL, path parameter over
 * `maxParamLength`): the same French envelope as every other answer.
 */
export function frameworkErrors(err: FastifyError, _req: FastifyRequest, reply: FastifyReply) {
  if (err.code === 'FST_ERR_MAX_PARAM_LENGTH') return reply.status(414).send(envelope('URI_TOO_LONG'));
  if (err.code === 'FST_ERR_BAD_URL') return reply.status(400).send(envelope('BAD_REQUEST'));
  return reply.status(400).send(envelope('BAD_REQUEST'));
}

/**
 * Node's HTTP parser rejects a request before Fastify sees it (request line or headers over
 * the limit: 431; malformed request: 400). The answer is written on the raw socket, so it is
 * the envelope too.
 */
export function clientErrorHandler(err: NodeJS.ErrnoException, socket: Socket) {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, code, reason] =
    err.code === 'HPE_HEADER_OVERFLOW'
      ? [431, 'HEADERS_TOO_LARGE', 'Request Header Fields Too Large']
      : err.code === 'HPE_URI_TOO_LONG'
        ? [414, 'URI_TOO_LONG', 'URI Too Long']
        : err.code === 'ERR_HTTP_REQUEST_TIMEOUT'
          ? [408, 'BAD_REQUEST', 'Request Timeout']
          : [400, 'BAD_REQUEST', 'Bad Request'];
  const body = JSON.stringify(envelope(code));
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy();
}
