import type { DashboardWinner, PartnerDashboard } from '@shared/api/schemas/dashboards';
import { allWinnersOf, newestFirst, sumPeriodCounts, type PeriodCounts } from '@web/lib/dashboard-figures';

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

/** Every winner across promotions, newest first. */
export const allWinners = (dashboard: PartnerDashboard): DashboardWinner[] => allWinnersOf(dashboard.DailyWinners);

/** A promotion's latest winner. */
export const latestWinner = (dashboard: PartnerDashboard, title: string): DashboardWinner | undefined =>
  newestFirst(dashboard.DailyWinners[title] ?? [])[0];
