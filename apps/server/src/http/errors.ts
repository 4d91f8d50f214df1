import { errorMessages, errorStatus } from '@tantieme/contract';

/** A failure a service raises on purpose; the error handler turns it into the envelope. */
export class AppError extends Error {
  readonly code: string;
  readonly status: number;
  readonly errors?: Record<string, string>;
  constructor(
    code: string,
    message?: string,
    opts: { status?: number; errors?: Record<string, string> } = {},
  ) {
    super(message ?? errorMessages[code] ?? code);
    this.code = code;
    this.status = opts.status ?? errorStatus[code] ?? 400;
    this.errors = opts.errors;
  }
}

export const notFound = () => new AppError('NOT_FOUND');
