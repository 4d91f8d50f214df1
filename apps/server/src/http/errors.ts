import { errorMessages, errorStatus } from '@tantieme/contract';

/** A failure a service raises on purpose; the error handler turns it into the envelope. */
export class AppError extends Error {
  readonly code: string;
  readonly status: number;
  readonly errors?: Record<string, string>;
  /** Seconds until a 429 may be retried (the error handler sends `Retry-After` and says it in French). */
  readonly retryAfter?: number;
  /** What the failed call still has to say (an import's per-building report), as `data`. */
  readonly data?: unknown;
  constructor(
    code: string,
    message?: string,
    opts: { status?: number; errors?: Record<string, string>; retryAfter?: number; data?: unknown } = {},
  ) {
    super(message ?? errorMessages[code] ?? code);
    this.code = code;
    this.status = opts.status ?? errorStatus[code] ?? 400;
    this.errors = opts.errors;
    if (opts.data !== undefined) this.data = opts.data;
    if (opts.retryAfter !== undefined) this.retryAfter = Math.max(1, Math.ceil(opts.retryAfter));
  }
}

/** A 429 with its delay: `ttlMs` is what a rate-limit store reports as the window's time left. */
export const rateLimited = (ttlMs: number) =>
  new AppError('RATE_LIMITED', undefined, { status: 429, retryAfter: ttlMs / 1000 });

/**
 * Seconds a 429 without a known delay asks to wait (none should: every limit passes its own).
 */
export const DEFAULT_RETRY_AFTER_S = 60;
