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
  throw badRequest(message ?? result.error.issues[0]?.message ?? 'Invalid input', fields);
}

/**
 * The spec's "fill in all fields" rule: every named field present and not
 * blank, else a 400 with the spec's message (checked before types and ranges,
 * which have their own messages).
 */
export function requireFields(input: unknown, names: readonly string[], message: string): Record<string, unknown> {
  const body =
    input !== null && typeof input === 'object' && !Array.isArray(input) ? (input as Record<string, unknown>) : {};
  const missing = names.filter((name) => {
    const value = body[name];
    return value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
  });
  if (missing.length > 0) throw badRequest(message, Object.fromEntries(missing.map((name) => [name, 'Required'])));
  return body;
}
