/**
 * Money is integer minor units (cents) everywhere in storage and arithmetic,
 * and a "123.45" string on the wire (DESIGN section 1). Never a float.
 */
export const CURRENCIES = ['LRD', 'USD'] as const;
export type Currency = (typeof CURRENCIES)[number];

/** Largest amount we accept anywhere: 10^12 cents (10 billion), far below 2^53. */
export const MAX_MINOR_UNITS = 1_000_000_000_000;

const MONEY_PATTERN = /^(\d{1,13})(?:\.(\d{1,2}))?$/;

/** "123.45" | "123.4" | "123" → 12345 | 12340 | 12300; anything else → null. */
export function parseMoney(text: string): number | null {
  const match = MONEY_PATTERN.exec(text.trim());
  if (!match) return null;
  const whole = Number(match[1]);
  const fraction = Number((match[2] ?? '').padEnd(2, '0'));
  const cents = whole * 100 + fraction;
  return cents <= MAX_MINOR_UNITS ? cents : null;
}

/** 12345 → "123.45"; -500 → "-5.00". */
export function formatMoney(cents: number): string {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`not a whole number of cents: ${cents}`);
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

const THOUSANDS = /\B(?=(\d{3})+(?!\d))/g;

/**
 * The one money format of the public pages and their server texts: two
 * decimals with thousands separators, 1000000 → "10,000.00" (the spec's
 * "10,000 LRD" style; the currency follows as a suffix, "10,000.00 LRD").
 * The wire keeps formatMoney's plain "10000.00".
 */
export function formatMoneyShown(cents: number): string {
  const plain = formatMoney(cents);
  const point = plain.indexOf('.');
  return `${plain.slice(0, point).replace(THOUSANDS, ',')}${plain.slice(point)}`;
}

/**
 * Share of an amount at a percentage given in basis points (1% = 100 bp),
 * rounded down so shares never add up to more than the whole.
 */
export function shareOf(cents: number, basisPoints: number): number {
  return Math.floor((cents * basisPoints) / 10_000);
}

/** Basis points → the wire's percentage number (1250 → 12.5). */
export const percentageOf = (basisPoints: number): number => basisPoints / 100;
