import * as z from 'zod';
import { MAX_MINOR_UNITS, parseMoney } from '../../money';
import { messages } from '../../messages';
import { lazySchema } from './lazy-schema';

/**
 * Characters no staff-entered name or title may hold: C0 and C1 controls
 * (NUL, line breaks, escapes) and the invisible marks that reorder how text
 * reads (bidi embeddings, overrides and isolates, direction marks, line and
 * paragraph separators). Stored, they would reach players' SMS and every
 * screen that shows the text (DESIGN section 7); refused at input, nothing
 * downstream has to clean them.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control and bidi characters are exactly what free text must not carry
const UNSAFE_TEXT = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/u;
const isPlainText = (text: string): boolean => !UNSAFE_TEXT.test(text);

/** Trimmed, bounded text with no control or direction characters (maybe empty): every free-text field's base. */
export const plainText = (max = 200) =>
  z.string().trim().max(max, `At most ${max} characters`).refine(isPlainText, messages.validation.plainText);

/** A required, trimmed, bounded piece of text; `max` guards storage and rendering. */
export const requiredText = (max = 200) => plainText(max).min(1, 'Required');

/** Emails are compared and stored lowercased. */
export const emailField = /* @__PURE__ */ lazySchema(() =>
  z.string().trim().toLowerCase().max(254, 'At most 254 characters').pipe(z.email('Enter a valid email address')),
);

/** DESIGN section 7: at least 8 characters; the upper bound keeps hashing cheap to refuse. */
// the answer's error is its first field's message, so it names the field (issue 30: a bare 'At least 8 characters' said not which)
export const newPasswordField = /* @__PURE__ */ lazySchema(() =>
  z.string().min(8, 'Password: at least 8 characters').max(256, 'Password: at most 256 characters'),
);

/** The answer of a change that returns only its confirmation text. */
export const messageResponse = /* @__PURE__ */ lazySchema(() => z.object({ message: z.string() }));

/** A money amount from a form or JSON ("100.00", "100", 100.5) → whole cents; never a float inside. */
export const moneyField = (message = 'Enter an amount such as 100.00') =>
  z.union([z.string(), z.number()]).transform((value, ctx) => {
    const cents = parseMoney(typeof value === 'number' ? String(value) : value);
    if (cents === null || cents > MAX_MINOR_UNITS) {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    }
    return cents;
  });

/** A percentage 0–100 with up to two decimals → basis points (1% = 100). */
export const percentageField = (message: string) =>
  z.union([z.string(), z.number()]).transform((value, ctx) => {
    const text = typeof value === 'number' ? String(value) : value.trim();
    const match = /^(\d{1,3})(?:\.(\d{1,2}))?$/.exec(text);
    const basisPoints = match ? Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0')) : NaN;
    if (!match || basisPoints > 10_000) {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    }
    return basisPoints;
  });

/** A whole count ≥ 0 (entries, thresholds), from a form string or a number. */
export const countField = (message: string, max = 10_000_000) =>
  z.union([z.string(), z.number()]).transform((value, ctx) => {
    const text = typeof value === 'number' ? String(value) : value.trim();
    if (!/^\d{1,8}$/.test(text) || Number(text) > max) {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    }
    return Number(text);
  });
