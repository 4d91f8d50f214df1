import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import { AppError } from '../../http/errors.js';

/**
 * What the console hands the shared services: the syndic API's own body, parsed by its own
 * schema (defaults, limits), so the same action through either entrance stores the same row.
 * A refusal is a 400 naming the console's field (`rename` maps the API's field to it).
 */
export function apiBody<S extends z.ZodType>(
  schema: S,
  value: unknown,
  rename: (f: string) => string = (f) => f,
) {
  const r = schema.safeParse(value);
  if (r.success) return r.data as z.output<S>;
  const errors: Record<string, string> = {};
  for (const i of r.error.issues) {
    const key = rename(i.path.join('.'));
    errors[key] ??= i.message;
  }
  throw new AppError('VALIDATION_ERROR', undefined, { errors });
}

/** Renames the fields of a service's 400 (the API's names) to the console's. */
export async function renamingErrors<T>(run: () => Promise<T>, rename: (f: string) => string): Promise<T> {
  try {
    return await run();
  } catch (e) {
    if (e instanceof AppError && e.code === 'VALIDATION_ERROR' && e.errors) {
      const errors = Object.fromEntries(Object.entries(e.errors).map(([k, v]) => [rename(k), v]));
      throw new AppError('VALIDATION_ERROR', e.message, { errors, status: e.status });
    }
    throw e;
  }
}

/** The external id of a row the console creates (decision 169). */
export const newConsoleExternalId = () => `gestion-${randomUUID()}`;
