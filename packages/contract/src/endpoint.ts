import type { z } from 'zod';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';

/**
 * One call of the API, shared by the Fastify route (validation, OpenAPI) and the web
 * client (typing). `path` is relative to `/api` and uses Fastify's `:param` syntax.
 */
export interface Endpoint<
  P extends z.ZodType = z.ZodType,
  Q extends z.ZodType = z.ZodType,
  B extends z.ZodType = z.ZodType,
  R extends z.ZodType = z.ZodType,
> {
  method: HttpMethod;
  path: string;
  summary: string;
  tags?: string[];
  /** false for public calls; default true (bearer token or preview token required). */
  auth?: boolean;
  params?: P;
  query?: Q;
  body?: B;
  response: R;
}

export const defineEndpoint = <
  P extends z.ZodType = z.ZodType,
  Q extends z.ZodType = z.ZodType,
  B extends z.ZodType = z.ZodType,
  R extends z.ZodType = z.ZodType,
>(
  e: Endpoint<P, Q, B, R>,
) => e;

type Input<T> = T extends z.ZodType ? z.input<T> : never;

/** What a caller passes: only the parts the endpoint declares. */
export type CallArgs<E extends Endpoint> = (E['params'] extends z.ZodType
  ? { params: Input<E['params']> }
  : { params?: undefined }) &
  (E['query'] extends z.ZodType ? { query?: Input<E['query']> } : { query?: undefined }) &
  (E['body'] extends z.ZodType ? { body: Input<E['body']> } : { body?: undefined });

export type ResponseOf<E extends Endpoint> = z.output<E['response']>;
/** The `data` of a successful envelope. */
export type DataOf<E extends Endpoint> = ResponseOf<E> extends { data: infer D } ? D : never;

/** Fills `:param` placeholders, URI-encoding each value. */
export function buildPath(path: string, params?: Record<string, unknown>): string {
  return path.replace(/:([A-Za-z0-9_]+)/g, (_, name: string) => {
    const v = params?.[name];
    if (v === undefined || v === null) throw new Error(`Missing path parameter ${name}`);
    return encodeURIComponent(String(v));
  });
}
