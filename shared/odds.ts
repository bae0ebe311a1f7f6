/**
 * Prediction odds (spec section 5): integer hundredths everywhere, a "1.85"
 * string on the wire. Free of zod so code that only formats odds (the stores,
 * the live topics) does not bundle it; the request schema in
 * api/schemas/predictions.ts builds on these.
 */

/** Odds above this are refused: 10000.00 (no real yes/no market pays more). */
export const MAX_ODDS_HUNDREDTHS = 1_000_000;
const ODDS_PATTERN = /^(\d{1,5})(?:\.(\d{1,2}))?$/;

/** "1.85" | "2" | "1.5" → 185 | 200 | 150; zero, negative, malformed or too large → null. */
export function parseOdds(text: string): number | null {
  const match = ODDS_PATTERN.exec(text.trim());
  if (!match) return null;
  const hundredths = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  return hundredths > 0 && hundredths <= MAX_ODDS_HUNDREDTHS ? hundredths : null;
}

/** 185 → "1.85". */
export function formatOdds(hundredths: number): string {
  if (!Number.isSafeInteger(hundredths) || hundredths <= 0)
    throw new RangeError(`not positive whole hundredths: ${hundredths}`);
  return `${Math.floor(hundredths / 100)}.${String(hundredths % 100).padStart(2, '0')}`;
}
