import { z } from 'zod';

/** Every successful API answer: `{ success: true, data }`. */
export const okEnvelope = <T extends z.ZodType>(data: T) => z.object({ success: z.literal(true), data });

/** Every failed API answer. `errors` maps a field path to a French message. */
export const errorEnvelope = z.object({
  success: z.literal(false),
  code: z.string(),
  message: z.string(),
  errors: z.record(z.string(), z.string()).optional(),
});
export type ApiErrorBody = z.infer<typeof errorEnvelope>;

export type Ok<T> = { success: true; data: T };
