import type { z } from 'zod';
import { badRequest } from './errors';

/**
 * Validate untrusted input with a shared zod schema. On failure: a 400 whose
 * message is `message` when the spec names one, else the first problem, plus a
 * per-field list (DESIGN section 5). Nothing has been written at that point.
 */
export function validate<S extends z.ZodType>(schema: S, input: unknown, message?: string): z.output<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const fields: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const key = issue.path.length > 0 ? issue.path.join('.') : '_';
    fields[key] ??= issue.message;
  }
  const first = result.error.issues[0];
  const firstText = first ? `${first.path.length > 0 ? `${first.path.join('.')}: ` : ''}${first.message}` : 'Invalid input';
  throw badRequest(message ?? firstText, fields);
}
