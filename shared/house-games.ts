/**
 * The house games' settings (DESIGN section 4): the public site's games (shared/games.ts),
 * run by the built-in house partner, drawn on a schedule rather than by
 * threshold. These are the first-start defaults; super admins change them
 * through the settings call.
 */
export const HOUSE_PARTNER = { id: 'house', searchString: 'HOUSE', username: 'House' } as const;

/**
 * A saved change of draw time or weekday (DESIGN section 4: a ticket's draw is
 * fixed when it is sold). Tickets sold from `savedAt` follow the new schedule,
 * whose first draw is on `firstDay`; tickets sold before keep the draw they were
 * told (`kept`, drawn as a one-off with only them), or, where it can no longer
 * happen (the new schedule draws first or on its day: one draw per game a day),
 * join the new schedule's first draw and are told so by SMS (functions/modules/draws/schedule-change.ts).
 */
export interface ScheduleChange {
  savedAt: string;
  firstDay: string;
  /** Tickets paid from then on are valid for the draw on `firstDay`. */
  validFrom: string;
  kept?: { at: string; validFrom: string };
}

/** House settings as stored: money in LRD/USD cents, rates as integers. */
export interface HouseSettings {
  daily: {
    priceLrdCents: number;
    priceUsdCents: number;
    prizeLrdCents: number;
    /** GMT "HH:MM" (Liberia keeps GMT all year). */
    drawTime: string;
    scheduleChange?: ScheduleChange;
  };
  jackpot: {
    priceLrdCents: number;
    priceUsdCents: number;
    basePrizeLrdCents: number;
    /** Share of the week's jackpot stakes added to the prize, in basis points. */
    stakeShareBp: number;
    prizeCapLrdCents: number;
    /** 0 = Sunday … 6 = Saturday. */
    drawWeekday: number;
    drawTime: string;
    scheduleChange?: ScheduleChange;
  };
  /** LRD per USD × 1000 (190.5 LRD per USD → 190500); USD entries are credited at this rate. */
  usdToLrdRateMilli: number;
  /** Mobile-network fee on collections, in basis points, for the overview's fee cards. */
  mobileNetworkFeeBp: number;
  /** Most a number may stake in one GMT day, in LRD cents (USD at the rate); 0 = no limit (DESIGN section 7). */
  dailySpendLimitLrdCents: number;
}

export const DEFAULT_HOUSE_SETTINGS: HouseSettings = {
  daily: { priceLrdCents: 10_000, priceUsdCents: 50, prizeLrdCents: 1_000_000, drawTime: '21:00' },
  jackpot: {
    priceLrdCents: 20_000,
    priceUsdCents: 100,
    basePrizeLrdCents: 2_500_000,
    stakeShareBp: 2_000,
    prizeCapLrdCents: 100_000_000,
    drawWeekday: 0,
    drawTime: '21:00',
  },
  usdToLrdRateMilli: 190_000,
  mobileNetworkFeeBp: 300,
  dailySpendLimitLrdCents: 0,
};
