import { parseMoney } from '../../../shared/money';

/**
 * Money on the staff screens (issue 21 item 3's format): LRD as "L$ 1,200.00"
 * and USD as "US$ 1.50", with grouping separators, so the two — about 190×
 * apart — can never be confused on a screen that moves money. Integer cents
 * in; never a float.
 */
const grouped = (cents: number): string => {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(Math.trunc(cents));
  const whole = Math.floor(abs / 100).toLocaleString('en-US');
  return `${sign}${whole}.${String(abs % 100).padStart(2, '0')}`;
};

export const formatStaffLrd = (cents: number): string => `L$ ${grouped(cents)}`;
export const formatStaffUsd = (cents: number): string => `US$ ${grouped(cents)}`;

/** An API amount string ("1200.00", "-100.00") → signed cents; unreadable counts as 0. */
function signedCents(amount: string): number {
  const text = amount.trim();
  const negative = text.startsWith('-');
  const cents = parseMoney(negative ? text.slice(1) : text) ?? 0;
  return negative ? -cents : cents;
}

/** An API amount string ("1200.00", "-100.00") in LRD, as the staff screens write it. */
export const staffLrd = (amount: string): string => formatStaffLrd(signedCents(amount));

/** An API amount string ("1.50") in USD, as the staff screens write it. */
export const staffUsd = (amount: string): string => formatStaffUsd(signedCents(amount));
