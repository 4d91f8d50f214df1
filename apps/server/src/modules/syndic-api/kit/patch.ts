import { z } from 'zod';
import { AppError } from '../../../http/errors.js';
import { fieldErrors } from './bulk.js';

/**
 * A PATCH as the PUT it stands for: the stored resource's body fields, the sent ones over them,
 * the whole checked by the PUT's schema. A field the body does not have is a 400 naming it
 * (`id` and `external_id` included: neither changes), so a typo never passes for a change.
 */
export function mergePatch(
  putBody: z.ZodType,
  current: Record<string, unknown>,
  patch: Record<string, unknown>,
) {
  const fields = putBody instanceof z.ZodObject ? Object.keys(putBody.shape) : Object.keys(current);
  const unknown = Object.keys(patch).filter((k) => !fields.includes(k));
  if (unknown.length)
    throw new AppError('VALIDATION_ERROR', undefined, {
      errors: Object.fromEntries(unknown.map((k) => [k, "Ce champ n'existe pas sur cette ressource."])),
    });
  const base = Object.fromEntries(fields.filter((k) => k in current).map((k) => [k, current[k]]));
  const parsed = putBody.safeParse({ ...base, ...patch });
  if (!parsed.success)
    throw new AppError('VALIDATION_ERROR', undefined, { errors: fieldErrors(parsed.error) });
  return parsed.data;
}
