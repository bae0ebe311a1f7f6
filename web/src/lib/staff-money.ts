import { parseMoney } from '@shared/money';
import { formatStaffMoney } from '@shared/staff-money';

/**
 * Money on the staff screens: shared/staff-money.ts's formatStaffMoney ("L$ 1,200.00",
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

/**
 * The one total of a balance map (promotion → "123.45"), in cents: the signed
 * sum of its lines. DESIGN section 4 keeps every balance at zero or above, so
 * a negative line is a fault; it is counted, never dropped, so the total
 * always equals the lines shown beside it and shows red (spec section 9)
 * instead of overstating what can be paid.
 */
export const totalBalanceCents = (balances: Record<string, string>): number => sumOfAmounts(Object.values(balances));

/** The signed sum of API amount strings, in cents. */
export const sumOfAmounts = (amounts: readonly string[]): number =>
  amounts.reduce((sum, amount) => sum + signedCents(amount), 0);

/** Spec section 9: a balance shows green above 0, otherwise red. */
export const balanceClass = (cents: number): string => (cents > 0 ? 'amount--positive' : 'amount--negative');

/** An API amount string ("1200.00", "-100.00") in LRD, as the staff screens write it. */
export const staffLrd = (amount: string): string => formatStaffLrd(signedCents(amount));

/** An API amount string ("1.50") in USD, as the staff screens write it. */
export const staffUsd = (amount: string): string => formatStaffUsd(signedCents(amount));
