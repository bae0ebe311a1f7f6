import type { AnnouncerDashboard, DashboardWinner } from '@shared/api/schemas/dashboards';
import { thresholdReached } from '@shared/draw-threshold';
import { allWinnersOf, sumPeriodCounts } from '@web/lib/dashboard-figures';

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
const RECENT_WINNERS = 6;

const NO_COUNTS: PeriodCounts = { daily: 0, weekly: 0, monthly: 0 };

export function countsOf(dashboard: AnnouncerDashboard, promotion: AnnouncerPromotion | undefined): PeriodCounts {
  return (promotion && dashboard.PromotionDrawCounts[promotion.promotion_title]) || NO_COUNTS;
}

/**
 * Whether the promotion's next draw may be conducted: its open window holds
 * the entries the server says the draw needs (both figures come from the
 * server, which applies DESIGN section 4's rule; nothing is re-derived here).
 */
export function thresholdMet(promotion: AnnouncerPromotion): boolean {
  return thresholdReached(promotion.window_entries, promotion.required_entries);
}

/**
 * What names the promotion's open draw window: its seed commitment (a draw
 * opens a new window with a new one), else its count.
 */
export const windowKeyOf = (promotion: AnnouncerPromotion): string =>
  promotion.windowCommitment ?? `entries:${promotion.window_entries}`;

/**
 * The promotion the dashboard opens on: the first whose draw is ready (the
 * one the threshold toast announces), else the first listed.
 */
export function openingPromotion(dashboard: AnnouncerDashboard): AnnouncerPromotion | undefined {
  return dashboard.Promotions.find(thresholdMet) ?? dashboard.Promotions[0];
}

/** Daily, weekly and monthly entries summed over the promotions. */
export function totalCounts(dashboard: AnnouncerDashboard): PeriodCounts {
  return sumPeriodCounts(Object.values(dashboard.PromotionDrawCounts));
}

/** Every winner across promotions, newest first by winner_selected. */
export function allWinners(dashboard: AnnouncerDashboard): DashboardWinner[] {
  return allWinnersOf(dashboard.DailyWinners);
}

/** Spec section 2: the 6 most recent winners, newest first. */
export function recentWinners(dashboard: AnnouncerDashboard): DashboardWinner[] {
  return allWinners(dashboard).slice(0, RECENT_WINNERS);
}
