/**
 * The event names the dashboard topics send (DESIGN section 6; their payloads
 * are the zod schemas of schemas/dashboards.ts, which re-exports these). Free
 * of zod so the ws and stream Lambdas, which only name events and never
 * validate, do not bundle it (DESIGN section 9: bundles at most 500 KB).
 */

/** `admin/overview`. */
export const OVERVIEW_EVENTS = {
  today: 'daily_draw',
  yearToDate: 'draw_history_all',
  winnersAndTax: 'total_winner_history',
  taxFiling: 'recent_tax_settings',
} as const;

/** `admin/draw-list`: one event per period. */
export const DRAW_LIST_EVENTS = {
  D: 'partners_daily_draw_count',
  W: 'partners_weekly_draw_count',
  M: 'partners_monthly_draw_count',
  Y: 'partners_yearly_draw_count',
} as const;

/** `admin/draw-list`: the house games (drawn by the scheduler), sent beside the period events. */
export const HOUSE_GAMES_EVENT = 'house_games';

/** The one event of the partner and announcer dashboards. */
export const DASHBOARD_EVENT = 'dashboard';

/** `admin/payouts`: its one event, with the newest payouts (the pay dialog's outcome, the Payouts screen's first page). */
export const PAYOUTS_EVENT = 'payouts';
export const PAYOUTS_TOPIC_SIZE = 50;
