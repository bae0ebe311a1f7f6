import { format } from 'date-fns';
import { formatAmount } from '../../../../lib/money';

/**
 * How the admin views show money and times (spec section 9: two decimals,
 * '$' in admin views): USD with '$', LRD labelled LRD. Amounts stay
 * "123.45" strings until shown — never a float.
 */
export const lrd = (amount: string): string => `LRD ${formatAmount(amount)}`;
export const usd = (amount: string): string => `$${formatAmount(amount)}`;

/** ISO time → 'Nov 29, 2024 14:05' (the spec's 'MMM d, yyyy' plus the time); '' when unreadable. */
export function dateTime(iso: string): string {
  const at = new Date(iso);
  return Number.isNaN(at.getTime()) ? '' : format(at, 'MMM d, yyyy HH:mm');
}
