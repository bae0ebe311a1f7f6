import type { DashboardWinner } from '@shared/api/schemas/dashboards';

/**
 * Figures both staff dashboards (partner and announcer, spec section 2)
 * derive the same way from their topic's payload.
 */

export interface PeriodCounts {
  daily: number;
  weekly: number;
  monthly: number;
}

/** Daily, weekly and monthly entries summed over the promotions. */
export function sumPeriodCounts(counts: Iterable<PeriodCounts>): PeriodCounts {
  const total = { daily: 0, weekly: 0, monthly: 0 };
  for (const c of counts) {
    total.daily += c.daily;
    total.weekly += c.weekly;
    total.monthly += c.monthly;
  }
  return total;
}

/** Winners newest first, by winner_selected. */
export const newestFirst = (winners: readonly DashboardWinner[]): DashboardWinner[] =>
  [...winners].sort((a, b) => Date.parse(b.winner_selected) - Date.parse(a.winner_selected));

/** Every winner across promotions (the payload's DailyWinners), newest first. */
export const allWinnersOf = (dailyWinners: Record<string, DashboardWinner[]>): DashboardWinner[] =>
  newestFirst(Object.values(dailyWinners).flat());
