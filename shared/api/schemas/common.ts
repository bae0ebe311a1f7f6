import { z } from 'zod';

/** A required, trimmed, bounded piece of text; `max` guards storage and rendering. */
export const requiredText = (max = 200) => z.string().trim().min(1, 'Required').max(max, `At most ${max} characters`);

/** Emails are compared and stored lowercased. */
export const emailField = z
  .string()
  .trim()
  .toLowerCase()
  .max(254, 'At most 254 characters')
  .pipe(z.email('Enter a valid email address'));

/** DESIGN section 7: at least 8 characters; the upper bound keeps hashing cheap to refuse. */
export const newPasswordField = z.string().min(8, 'At least 8 characters').max(256, 'At most 256 characters');

export const errorBody = z.object({ error: z.string(), fields: z.record(z.string(), z.string()).optional() });
export type ErrorBody = z.infer<typeof errorBody>;
