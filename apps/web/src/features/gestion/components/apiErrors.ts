import { ApiError } from '@tantieme/contract';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { apiMessage } from '../../auth/validate';

/**
 * A refused write on its form: each field the server names gets its message; the whole answer
 * goes on `fallback` (a field of a one-line form) or, by default, on the form's root.
 */
export function showApiErrors<F extends FieldValues>(
  form: Pick<UseFormReturn<F>, 'setError'>,
  err: unknown,
  fallback?: Path<F>,
) {
  const fields = err instanceof ApiError ? (err.errors ?? {}) : {};
  for (const [f, message] of Object.entries(fields)) form.setError(f as Path<F>, { message });
  if (fallback) {
    if (!Object.keys(fields).length) form.setError(fallback, { message: apiMessage(err) });
  } else form.setError('root', { message: apiMessage(err) });
}
