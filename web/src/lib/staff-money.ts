import { formatStaffMoney, parseMoney } from '../../../shared/money';

/**
 * Money on the staff screens: shared/money.ts's formatStaffMoney ("L$ 1,200.00",
 * "US$ 1.50"), the same format the server's admin notifications use, here read
 * from the API's amount strings. Integer cents; never a float.
 */

export const formatStaffLrd = (cents: number): string => formatStaffMoney(cents, 'LRD');
export const formatStaffUsd = (cents: number): string => formatStaffMoney(cents, 'USD');

/** An API amount string ("1200.00", "-100.00") → signed cents; unreadable counts as 0. */
export function signedCents(amount: string): number {
  const text = amount.trim();
  const negative = text.startsWith('-');
  const cents = parseMoney(negative ? text.slice(1) : text) ?? 0;
  return negative ? -cents : cents;
}

/** An API amount string ("1200.00", "-100.00") in LRD, as the staff screens write it. */
export const staffLrd = (amount: string): string => formatStaffLrd(signedCents(amount));

/** An API amount string ("1.50") in USD, as the staff screens write it. */
export const staffUsd = (amount: string): string => formatStaffUsd(signedCents(amount));
