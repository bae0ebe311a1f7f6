import * as z from 'zod';
import { HOUSE_GAMES } from '../../games';
import { recentTaxSetting } from './tax';
import { lazySchema } from './lazy-schema';

export { DRAW_LIST_EVENTS, HOUSE_GAMES_EVENT, OVERVIEW_EVENTS } from '../../topics';

/**
 * The live dashboards' payloads (DESIGN section 6; spec section 3
 * "Dashboard overview record", "Partner draw summary", "Partner dashboard
 * data", "Announcer dashboard data"). Field names are the spec's where it
 * names them; money is a "123.45" string (LRD unless the name says USD),
 * counts are numbers, days are GMT `YYYY-MM-DD`. Every figure comes from
 * counters, balances and draw records — never from scanning entries.
 */

/** A percentage change against a base period, 1 decimal; null when the base is 0 (no meaningful trend). */
const trend = /* @__PURE__ */ lazySchema(() => z.number().nullable());
const money = /* @__PURE__ */ lazySchema(() => z.string());

const dailyPoint = /* @__PURE__ */ lazySchema(() =>
  z.object({ day: z.string(), entries: z.number(), lrd: money, usd: money }),
);
export type DailyPoint = z.infer<typeof dailyPoint>;

// ── admin/overview ──────────────────────────────────────────────────────────

/**
 * `daily_draw`: the current GMT day — the "current figures" cards. Username
 * is the spec's field; one topic serves every admin, so it is '' here and the
 * web shows the signed-in admin's own name (GET /api/v1/auth/me).
 */
export const overviewToday = /* @__PURE__ */ lazySchema(() =>
  z.object({
    Day: z.string(),
    Username: z.string(),
    CurrentEntries: z.number(),
    MoneyLRD: money,
    MoneyUSD: money,
    /** The configured mobile-network fee rate × today's collections, per currency. */
    MobileNetworkFeesLRD: money,
    MobileNetworkFeesUSD: money,
    /** Today against yesterday. */
    Trends: z.object({ CurrentEntries: trend, MoneyLRD: trend, MoneyUSD: trend }),
  }),
);

/** One draw as the overview lists it (admins see full numbers). */
const overviewDraw = /* @__PURE__ */ lazySchema(() =>
  z.object({
    ID: z.string(),
    Game: z.string(),
    Kind: z.string(),
    PromotionTitle: z.string(),
    PartnerID: z.string(),
    MobileNumber: z.string(),
    WinnerAmount: money,
    WinnerSelected: z.string(),
    EntryCount: z.number(),
    Commitment: z.string(),
    PayoutStatus: z.string(),
    PayoutReason: z.string(),
  }),
);

/** `draw_history_all`: the year to date (GMT) — the "year-to-date" cards — plus the newest draws and a 14-day chart. */
export const overviewYearToDate = /* @__PURE__ */ lazySchema(() =>
  z.object({
    Year: z.string(),
    TotalEntriesYD: z.number(),
    TotalMoneyLRD: money,
    TotalMoneyUSD: money,
    /** Winners drawn this year ("Total Winners YD"). */
    WinnersYD: z.number(),
    MobileNetworkFeesYDLRD: money,
    MobileNetworkFeesYDUSD: money,
    /** Year to date against the same span of last year (its full months plus the current month's days so far). */
    Trends: z.object({ TotalEntriesYD: trend, TotalMoneyLRD: trend, TotalMoneyUSD: trend }),
    /** The last 14 GMT days, oldest first, today last. */
    EntriesSeries: z.array(dailyPoint),
    /** The newest draws, newest first. */
    Draws: z.array(overviewDraw),
  }),
);

const failedPrizePayout = /* @__PURE__ */ lazySchema(() =>
  z.object({
    DrawID: z.string(),
    MobileNumber: z.string(),
    WinnerAmount: money,
    Reason: z.string(),
    Attempt: z.number(),
    FailedAt: z.string(),
  }),
);

/**
 * `total_winner_history`: payments to winners and the government's 20% —
 * tax is 20% of gross gaming revenue (stakes valued in LRD minus prizes
 * drawn), computed live (DESIGN section 4 "Tax"), never below 0.
 */
export const overviewWinnersAndTax = /* @__PURE__ */ lazySchema(() =>
  z.object({
    /** Winners drawn since launch ("Overall Winners"). */
    TotalWinners: z.number(),
    /** Prizes drawn today ("Pay't To Winners") and this year ("Total YD Giveaway"). */
    CurrentBonusGiveaway: money,
    TotalYDGiveaway: money,
    /** Tax due on today's and this year's gross gaming revenue ("Tax To Gov't", "YD Of The 20% Tax"). */
    CurrentPaymentToGovt: money,
    YDOfThe20Percent: money,
    /** Announcer payouts paid this year and today ("Announcers Bouns Payout"). */
    AnnouncersBonusPayout: money,
    AnnouncersBonusPayoutToday: money,
    /** Partner payouts paid this year. */
    PartnersPayoutYD: money,
    /** Prize payouts the provider failed, awaiting their retry. */
    FailedPrizePayouts: z.array(failedPrizePayout),
  }),
);

/** `recent_tax_settings`: the latest tax analytics filing (zeros and filedAt '' before the first). */
export const overviewTaxFiling = /* @__PURE__ */ lazySchema(() => z.object({ RecentTaxSetting: recentTaxSetting }));

// ── admin/draw-list ─────────────────────────────────────────────────────────

/**
 * Spec section 3 "Partner draw summary", one per active partner promotion.
 * PartnerCurrentTotal is the period's paid entries — for the daily event,
 * today's entries as the partner and announcer dashboards count them (a draw
 * does not lower it; the open window's count is WindowEntries); Percentage is
 * the open window's progress toward RequiredEntries, 0–100 (1 decimal; 0 with
 * no entry in the draw, whatever the period's total); MonetaryValue is the partner's balance for
 * the promotion (the Draw tab's "Account Balance" column).
 */
export const partnerDrawSummary = /* @__PURE__ */ lazySchema(() =>
  z.object({
    AssignmentID: z.string(),
    PartnerID: z.string(),
    PartnerUsername: z.string(),
    PartnerCurrentTotal: z.number(),
    Percentage: z.number(),
    PromotionTitle: z.string(),
    WeeklyCount: z.number(),
    MonetaryValue: money,
    Threshold: z.number(),
    StartingThreshold: z.number(),
    /** What the Draw tab's buttons send: the partner's SearchString, the promotion's ID and shared code. */
    PartnerSearchString: z.string(),
    PromotionID: z.string(),
    SharedCode: z.string(),
    /** The open draw window's seed commitment (hex SHA-256), once one is stored. */
    WindowCommitment: z.string().optional(),
    /** The open draw window's paid entries (what a draw or a clear takes), whatever the period. */
    WindowEntries: z.number(),
    /** Entries the next draw needs, by the server's rule (shared/draw-threshold.ts): Conduct Draw is off below it. */
    RequiredEntries: z.number(),
    /** The prize a draw awards (the assignment's winner amount, LRD). */
    WinnerAmount: money,
  }),
);
export type PartnerDrawSummary = z.infer<typeof partnerDrawSummary>;

/** A house game on the Draw tab (DESIGN section 4): drawn by the scheduler at its draw time, never by a button. */
export const houseGameSummary = /* @__PURE__ */ lazySchema(() =>
  z.object({
    Game: z.enum(HOUSE_GAMES),
    Title: z.string(),
    /** Paid entries in the open window: the ones in the next draw. */
    WindowEntries: z.number(),
    /** The next draw moment (ISO, GMT) and its "HH:MM" GMT time. */
    NextDrawAt: z.string(),
    DrawTime: z.string(),
  }),
);
export type HouseGameSummary = z.infer<typeof houseGameSummary>;

// ── partner and announcer dashboards ────────────────────────────────────────

/** Spec section 3 "Winner" (dashboard names); numbers masked (first four and last two kept). */
const dashboardWinner = /* @__PURE__ */ lazySchema(() =>
  z.object({
    id: z.string(),
    draw_id: z.string(),
    partner_id: z.string(),
    promotion_title: z.string(),
    mobile_number: z.string(),
    winner_selected: z.string(),
    winner_amount: money,
    payout_status: z.string(),
  }),
);
export type DashboardWinner = z.infer<typeof dashboardWinner>;

/** Per promotion title: today's winners, newest first. */
const dailyWinners = /* @__PURE__ */ lazySchema(() => z.record(z.string(), z.array(dashboardWinner)));

/**
 * A draw of the partner's cleared today (GMT) with no winner, newest first: the partner and its announcers are
 * told on their dashboards (issue 34: a clear happened without a word to them), with what became of its tickets.
 */
const clearedDraw = /* @__PURE__ */ lazySchema(() =>
  z.object({
    draw_id: z.string(),
    promotion_title: z.string(),
    cleared_at: z.string(),
    tickets: z.number(),
    mode: z.enum(['carry', 'refund']),
  }),
);
export type ClearedDraw = z.infer<typeof clearedDraw>;

/** `partner/{id}/dashboard`. daily/weekly/monthly are the promotion's paid entries today, this ISO week, this month (GMT). */
export const partnerDashboard = /* @__PURE__ */ lazySchema(() =>
  z.object({
    Username: z.string(),
    MobileMoneyNumber: z.string(),
    AccountBalance: z.record(z.string(), money),
    PromotionDrawCounts: z.record(
      z.string(),
      z.object({
        threshold: z.number(),
        dayString: z.string(),
        daily: z.number(),
        weekly: z.number(),
        monthly: z.number(),
        winner_amount: money,
      }),
    ),
    DailyWinners: dailyWinners,
    ClearedToday: z.array(clearedDraw),
    /** The partner's paid entries over the last 14 GMT days, oldest first. */
    EntriesSeries: z.array(dailyPoint),
  }),
);
export type PartnerDashboard = z.infer<typeof partnerDashboard>;

const announcerPromotion = /* @__PURE__ */ lazySchema(() =>
  z.object({
    assignment_id: z.string(),
    promotion_id: z.string(),
    promotion_title: z.string(),
    promotion_prize_lrd: money,
    promotion_prize_usd: money,
    threshold: z.number(),
    starting_threshold: z.number(),
    shared_code: z.string(),
    winner_amount: money,
    /** The open draw window's seed commitment (hex SHA-256), once the draws issue has stored one. */
    windowCommitment: z.string().optional(),
    /** Paid entries in the open draw window today: what the next draw is decided on. */
    window_entries: z.number(),
    /** Entries the next draw needs (the server's rule, DESIGN section 4: starting_threshold first, then threshold). */
    required_entries: z.number(),
  }),
);

/**
 * `announcer/{id}/dashboard`. PromotionDrawCounts.daily is today's paid
 * entries (GMT day), the same figure the partner dashboard and the admin
 * overview show; the open window's count is each promotion's window_entries.
 */
export const announcerDashboard = /* @__PURE__ */ lazySchema(() =>
  z.object({
    Username: z.string(),
    SearchString: z.string(),
    PartnerUsername: z.string(),
    /** Whether the announcer is checked in: a checked-out announcer is refused a draw, so the dashboard does not offer it. */
    CheckedIn: z.boolean(),
    Promotions: z.array(announcerPromotion),
    PromotionDrawCounts: z.record(z.string(), z.object({ daily: z.number(), weekly: z.number(), monthly: z.number() })),
    AccountBalance: z.record(z.string(), money),
    DailyWinners: dailyWinners,
    ClearedToday: z.array(clearedDraw),
  }),
);
export type AnnouncerDashboard = z.infer<typeof announcerDashboard>;

export type OverviewToday = z.infer<typeof overviewToday>;
export type OverviewYearToDate = z.infer<typeof overviewYearToDate>;
export type OverviewWinnersAndTax = z.infer<typeof overviewWinnersAndTax>;
export type OverviewTaxFiling = z.infer<typeof overviewTaxFiling>;
export type OverviewDraw = z.infer<typeof overviewDraw>;
