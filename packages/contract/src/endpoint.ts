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
  /** Failed answers whose body says more than the error envelope (documented, and serialized by it). */
  errorResponses?: Partial<Record<number, z.ZodType>>;
}

export const defineEndpoint = <const E extends Endpoint>(e: E) => e;

type Part<E, K extends string, Mode extends 'in' | 'out'> = E extends { [P in K]: infer S extends z.ZodType }
  ? Mode extends 'in'
    ? z.input<S>
    : z.output<S>
  : undefined;

export type ParamsIn<E> = Part<E, 'params', 'in'>;
export type QueryIn<E> = Part<E, 'query', 'in'>;
export type BodyIn<E> = Part<E, 'body', 'in'>;
export type ParamsOut<E> = Part<E, 'params', 'out'>;
export type QueryOut<E> = Part<E, 'query', 'out'>;
export type BodyOut<E> = Part<E, 'body', 'out'>;

/** What a caller passes: only the parts the endpoint declares. */
export type CallArgs<E extends Endpoint> = (E extends { params: z.ZodType }
  ? { params: ParamsIn<E> }
  : { params?: undefined }) &
  (E extends { query: z.ZodType } ? { query?: QueryIn<E> } : { query?: undefined }) &
  (E extends { body: z.ZodType } ? { body: BodyIn<E> | FormData } : { body?: undefined });

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
