import { ApiError, emailField, msg, passwordField, requiredString } from '@tantieme/contract';
import type { z } from 'zod';

/** The first message of a contract field for a value, or undefined when valid. */
export function fieldError(schema: z.ZodType, value: unknown): string | undefined {
  const r = schema.safeParse(value);
  return r.success ? undefined : r.error.issues[0]?.message;
}

export const checkEmail = (v: string) => fieldError(emailField, v);
export const checkPassword = (v: string) => fieldError(passwordField, v);
export const checkRequired = (v: string) => fieldError(requiredString, v);
export const required = msg.required;

/** The French message of an API failure (the server words it per SPEC §8). */
export const apiMessage = (err: unknown, fallback = 'Une erreur est survenue. Veuillez réessayer.') =>
  err instanceof ApiError ? err.message : fallback;
export const apiCode = (err: unknown) => (err instanceof ApiError ? err.code : undefined);
