import type { ApiErrorBody } from './envelope.js';
import { buildPath, type CallArgs, type DataOf, type Endpoint } from './endpoint.js';
import { PREVIEW_TOKEN_HEADER } from './constants.js';

/** A failed call: HTTP status plus the envelope's code, message and field errors. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly errors?: Record<string, string>;
  readonly body: ApiErrorBody;
  constructor(status: number, body: ApiErrorBody) {
    super(body.message);
    this.name = 'ApiError';
    this.status = status;
    this.code = body.code;
    this.errors = body.errors;
    this.body = body;
  }
}

export interface ApiClientOptions {
  baseUrl?: string;
  fetch?: typeof fetch;
  getToken?: () => string | null | undefined;
  getPreviewToken?: () => string | null | undefined;
  /** Called on any HTTP 401 (SPEC §7: the web app then goes to /login). */
  onUnauthorized?: () => void;
}

function toQuery(query: Record<string, unknown> | undefined): string {
  if (!query) return '';
  const sp = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) {
    if (v === undefined || v === null) continue;
    if (Array.isArray(v)) for (const x of v) sp.append(k, String(x));
    else sp.set(k, String(v));
  }
  const s = sp.toString();
  return s ? `?${s}` : '';
}

/** Typed client: `api.call(endpoints.login, { body })` resolves to the envelope's `data`. */
export function createApiClient(opts: ApiClientOptions = {}) {
  const baseUrl = opts.baseUrl ?? '/api';
  const doFetch = opts.fetch ?? ((...a: Parameters<typeof fetch>) => fetch(...a));

  async function call<E extends Endpoint>(endpoint: E, args?: CallArgs<E>): Promise<DataOf<E>> {
    const a = (args ?? {}) as {
      params?: Record<string, unknown>;
      query?: Record<string, unknown>;
      body?: unknown;
    };
    const url = baseUrl + buildPath(endpoint.path, a.params) + toQuery(a.query);
    const headers: Record<string, string> = { accept: 'application/json' };
    const token = opts.getToken?.();
    if (token) headers.authorization = `Bearer ${token}`;
    const spt = opts.getPreviewToken?.();
    if (spt) headers[PREVIEW_TOKEN_HEADER] = spt;
    let body: BodyInit | undefined;
    if (a.body instanceof FormData) body = a.body;
    else if (a.body !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(a.body);
    }
    let res: Response;
    try {
      res = await doFetch(url, { method: endpoint.method, headers, body });
    } catch {
      throw new ApiError(0, {
        success: false,
        code: 'NETWORK_ERROR',
        message: 'Impossible de joindre le serveur. Vérifiez votre connexion.',
      });
    }
    if (res.status === 401) opts.onUnauthorized?.();
    let json: unknown;
    try {
      json = await res.json();
    } catch {
      json = undefined;
    }
    const env = json as { success?: boolean; data?: unknown } | undefined;
    if (!res.ok || !env || env.success !== true) {
      const errBody =
        env && env.success === false
          ? (env as ApiErrorBody)
          : {
              success: false as const,
              code: 'INTERNAL',
              message: 'Une erreur est survenue. Veuillez réessayer.',
            };
      throw new ApiError(res.status, errBody);
    }
    return env.data as DataOf<E>;
  }

  return { call };
}
export type ApiClient = ReturnType<typeof createApiClient>;
