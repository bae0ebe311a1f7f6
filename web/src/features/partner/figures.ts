import type { DashboardWinner, PartnerDashboard } from '../../../../shared/api/schemas/dashboards';
import { parseMoney } from '../../../../shared/money';
import { allWinnersOf, newestFirst, sumPeriodCounts, type PeriodCounts } from '../../lib/dashboard-figures';

/**
 * The partner dashboard's figures (spec section 2 "Partner dashboard",
 * section 9), pure, from the `partner/{id}/dashboard` payload.
 */

export type EntryTotals = PeriodCounts;

/** Entries summed over the promotions, and the average per promotion, rounded. */
export function entryTotals(dashboard: PartnerDashboard): { total: EntryTotals; average: EntryTotals } {
  const counts = Object.values(dashboard.PromotionDrawCounts);
  const total = sumPeriodCounts(counts);
  const per = (value: number) => (counts.length > 0 ? Math.round(value / counts.length) : 0);
  return { total, average: { daily: per(total.daily), weekly: per(total.weekly), monthly: per(total.monthly) } };
}

/** "123.45" or "-5.00" → cents; anything else counts as 0. */
export function centsOf(amount: string): number {
  const text = amount.trim();
  const negative = text.startsWith('-');
  const cents = parseMoney(negative ? text.slice(1) : text) ?? 0;
  return negative ? -cents : cents;
}

/** Spec section 9: the total balance is the sum of the promotion balances. */
export function totalBalanceCents(balances: Record<string, string>): number {
  return Object.values(balances).reduce((sum, amount) => sum + centsOf(amount), 0);
}

/** Spec section 9: green above 0, otherwise red. */
export const balanceClass = (cents: number): string => (cents > 0 ? 'amount--positive' : 'amount--negative');

/** Every winner across promotions, newest first. */
export const allWinners = (dashboard: PartnerDashboard): DashboardWinner[] => allWinnersOf(dashboard.DailyWinners);

/** A promotion's latest winner. */
export const latestWinner = (dashboard: PartnerDashboard, title: string): DashboardWinner | undefined =>
  newestFirst(dashboard.DailyWinners[title] ?? [])[0];
