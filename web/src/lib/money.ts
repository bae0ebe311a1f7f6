/**
 * Money as shown on the site: two decimals with thousands separators (spec
 * section 9), one format for every public page and the server's texts
 * (shared/money.ts, formatMoneyShown). Wire amounts are "123.45" strings,
 * parsed by shared/money.ts — never through a float.
 */
import { formatMoneyShown, parseMoney } from '@shared/money';

const GROUPS = /\B(?=(\d{3})+(?!\d))/g;

/** 123456 (cents) → "1,234.56". */
export function formatCents(cents: number): string {
  return formatMoneyShown(Math.trunc(cents));
}

/** "1234.5" → "1,234.50"; text that is not an amount is returned as is. */
export function formatAmount(amount: string): string {
  const cents = parseMoney(amount);
  return cents === null ? amount : formatCents(cents);
}

/** 1000000 → "1,000,000" (whole numbers such as prizes and counters). */
export function formatWhole(value: number): string {
  return String(Math.trunc(value)).replace(GROUPS, ',');
}
