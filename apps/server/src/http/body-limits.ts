import { formatSize } from '@tantieme/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from './errors.js';

/**
 * Deepest nesting of arrays and objects a JSON body may have. The deepest contract body (an
 * import: buildings, co-owners, contacts, e-mails) is under 10; checks that walk a body
 * recursively (invalid text, zod) are then safe from a stack overflow.
 */
export const MAX_JSON_DEPTH = 64;

/**
 * The nesting depth of a JSON text, counted in one pass without recursion (brackets inside
 * strings do not count). Stops as soon as `max` is exceeded and returns max + 1.
 */
export function jsonDepth(text: string, max = MAX_JSON_DEPTH): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i++; // backslash: the next character is escaped
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      depth++;
      if (depth > deepest) {
        deepest = depth;
        if (deepest > max) return deepest;
      }
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return deepest;
}

export const tooDeep = () =>
  new AppError(
    'INVALID_BODY',
    `Le corps de la requête est trop imbriqué (${MAX_JSON_DEPTH} niveaux au plus).`,
    {
      status: 400,
    },
  );

/**
 * The JSON parser of every route: Fastify's own (with its prototype-poisoning protection), after
 * the depth check. The size is bounded before, by the route's body limit.
 */
export function registerJsonParser(app: FastifyInstance) {
  const parse = app.getDefaultJsonParser('error', 'ignore');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
    if (jsonDepth(body as string) > MAX_JSON_DEPTH) return done(tooDeep(), undefined);
    parse(req, body as string, done);
  });
}

/**
 * preParsing hook: a body whose declared length is over the route's limit is a 413 before any
 * byte is read, whatever its content type (multipart included, which no parser reads here).
 */
export async function rejectOversizeBody<P>(req: FastifyRequest, _reply: unknown, payload: P): Promise<P> {
  const declared = Number(req.headers['content-length']);
  const limit = req.routeOptions.bodyLimit;
  if (Number.isFinite(declared) && limit && declared > limit) throw tooLarge(req);
  return payload;
}

/**
 * The 413 of a body over the route's limit: a file sent as such (multipart, binary) is 'Le fichier
 * est trop volumineux'; a JSON or form body says the request is, and the limit.
 */
export function tooLarge(req: FastifyRequest): AppError {
  const type = String(req.headers['content-type'] ?? '').toLowerCase();
  const limit = req.routeOptions?.bodyLimit;
  if (!/json|x-www-form-urlencoded|^text\//.test(type)) return new AppError('PAYLOAD_TOO_LARGE');
  return new AppError(
    'PAYLOAD_TOO_LARGE',
    limit
      ? `La requête est trop volumineuse (${formatSize(limit)} au plus).`
      : 'La requête est trop volumineuse.',
  );
}
