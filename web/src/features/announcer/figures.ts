import type { AnnouncerDashboard, DashboardWinner } from '../../../../shared/api/schemas/dashboards';
import { parseMoney } from '../../../../shared/money';
import { allWinnersOf, sumPeriodCounts } from '../../lib/dashboard-figures';

/**
 * The announcer dashboard's figures (spec section 2 "Announcer dashboard",
 * section 9), pure: everything derives from the `announcer/{id}/dashboard`
 * topic's payload, nothing is guessed locally.
 */

export type AnnouncerPromotion = AnnouncerDashboard['Promotions'][number];
export type PeriodCounts = AnnouncerDashboard['PromotionDrawCounts'][string];

/** Spec section 9: the 'Entry Statistics' bars' scales. */
export const STATISTICS_SCALES = { daily: 1_000, weekly: 5_000, monthly: 20_000 } as const;
/** Spec section 9: on promotion cards, weekly is scaled to threshold × 7 and monthly to threshold × 30. */
export const CARD_SCALE_DAYS = { weekly: 7, monthly: 30 } as const;
/** Spec section 9: 'Recent Winners' shows 6 entries. */
export const RECENT_WINNERS = 6;

const NO_COUNTS: PeriodCounts = { daily: 0, weekly: 0, monthly: 0 };

export function countsOf(dashboard: AnnouncerDashboard, promotion: AnnouncerPromotion | undefined): PeriodCounts {
  return (promotion && dashboard.PromotionDrawCounts[promotion.promotion_title]) || NO_COUNTS;
}

export function winnersOf(dashboard: AnnouncerDashboard, promotion: AnnouncerPromotion): DashboardWinner[] {
  return dashboard.DailyWinners[promotion.promotion_title] ?? [];
}

/**
 * Entries the open window needs before a draw — the server's rule (DESIGN
 * section 4): the first draw of a GMT day needs starting_threshold, later
 * draws that day threshold, and a draw always needs one entry. Today's
 * winners (the topic's DailyWinners) tell whether a draw happened today.
 */
export function requiredEntries(dashboard: AnnouncerDashboard, promotion: AnnouncerPromotion): number {
  const drawnToday = winnersOf(dashboard, promotion).length > 0;
  return Math.max(1, drawnToday ? promotion.threshold : promotion.starting_threshold);
}

export function thresholdMet(dashboard: AnnouncerDashboard, promotion: AnnouncerPromotion): boolean {
  return countsOf(dashboard, promotion).daily >= requiredEntries(dashboard, promotion);
}

/**
 * The promotion the dashboard opens on: the first whose draw is ready (the
 * one the threshold toast announces), else the first listed.
 */
export function openingPromotion(dashboard: AnnouncerDashboard): AnnouncerPromotion | undefined {
  return dashboard.Promotions.find((promotion) => thresholdMet(dashboard, promotion)) ?? dashboard.Promotions[0];
}

/** Daily, weekly and monthly entries summed over the promotions. */
export function totalCounts(dashboard: AnnouncerDashboard): PeriodCounts {
  return sumPeriodCounts(Object.values(dashboard.PromotionDrawCounts));
}

/** The sum of the per-promotion balances, in cents (never through a float). */
export function totalBalanceCents(balances: Record<string, string>): number {
  return Object.values(balances).reduce((sum, amount) => sum + (parseMoney(amount) ?? 0), 0);
}

/** Every winner across promotions, newest first by winner_selected. */
export function allWinners(dashboard: AnnouncerDashboard): DashboardWinner[] {
  return allWinnersOf(dashboard.DailyWinners);
}

/** Spec section 2: the 6 most recent winners, newest first. */
export function recentWinners(dashboard: AnnouncerDashboard): DashboardWinner[] {
  return allWinners(dashboard).slice(0, RECENT_WINNERS);
}
