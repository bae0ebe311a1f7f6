import type {
  OverviewTaxFiling,
  OverviewToday,
  OverviewWinnersAndTax,
  OverviewYearToDate,
} from '@shared/api/schemas/dashboards';
import type { RecentTaxSetting } from '@shared/api/schemas/tax';
import { topicEvents, type TopicSnapshot } from '@shared/topics';
import { formatMoney } from '@shared/money';
import { periodsOf } from '../../platform/periods';
import {
  PLATFORM,
  readMoneyOut,
  readPlatformCounters,
  readRefundedValue,
  readWinnerCounters,
  sumCounterValues,
  type CounterValues,
  type MoneyOutValues,
  type WinnerCounterValues,
} from '../ledger';
import { drawsAwaitingPrizePayout, type PrizeDraw, recentDraws, type DrawRecord } from '../draw-records';
import { getHouseSettings } from '../games';
import { latestTaxFiling, taxOnRevenueCents } from '../reports';
import { seriesPoints } from './assignment-counts';
import { winnerTotals } from '../draws';
import { feeCents, lastDays, percentChange, sameSpanLastYear, SERIES_DAYS } from './figures';
import { overviewDraw } from './winners';

/**
 * `admin/overview` (spec section 3 "Dashboard overview record"; DESIGN
 * section 6): the record sent as four events, each the part of it that it
 * names, which the client merges:
 *
 *   daily_draw            today: CurrentEntries, MoneyLRD, MoneyUSD, Username, fees, trends vs yesterday
 *   draw_history_all      year to date: TotalEntriesYD, TotalMoneyLRD, TotalMoneyUSD, WinnersYD, fees,
 *                         trends vs the same span last year, the 14-day series, Draws (the newest)
 *   total_winner_history  winners and tax: TotalWinners, CurrentBonusGiveaway, TotalYDGiveaway,
 *                         CurrentPaymentToGovt, YDOfThe20Percent, announcer and partner payouts, failed prize payouts
 *   recent_tax_settings   RecentTaxSetting (the latest filing)
 *
 * Read from the platform counters (entries and money in, summed over their
 * shards; winners and prizes, counted on PLATFORM in each draw's
 * transaction), MONEYOUT counters (payouts paid), the
 * REFUNDS counters (stakes refunded: gross gaming revenue is net of them, DESIGN
 * section 4 "Tax"), the PRIZEPAYOUT queue (failed prize payouts), the newest draw records, the fee
 * rate and the latest filing: a handful of reads whatever the number of entries.
 */
const RECENT_DRAWS = 20;

export interface OverviewInputs {
  /** Platform day counters (shards summed) of the last SERIES_DAYS days, today last. */
  days: CounterValues[];
  year: CounterValues;
  /** Platform counters (shards summed) of the same span last year (months and days). */
  lastYearSpan: CounterValues[];
  winnersToday: WinnerCounterValues;
  winnersYear: WinnerCounterValues;
  /** Winners since launch (the draws' yearly platform counters). */
  winnersEver: WinnerCounterValues;
  moneyOutToday: MoneyOutValues;
  moneyOutYear: MoneyOutValues;
  /** Stakes refunded today and this year (LRD value): gross gaming revenue is net of them. */
  refundedToday: number;
  refundedYear: number;
  /** Draws whose prize is not paid yet (the PRIZEPAYOUT queue). */
  prizeQueue: PrizeDraw[];
  recent: DrawRecord[];
  feeBp: number;
  taxFiling: RecentTaxSetting | undefined;
}

export async function overviewEvents(now: Date): Promise<TopicSnapshot<'adminOverview'>> {
  return overviewFrom(await readOverviewInputs(now), now);
}

async function readOverviewInputs(now: Date): Promise<OverviewInputs> {
  const p = periodsOf(now);
  const span = sameSpanLastYear(now);
  const platform = (period: 'D' | 'M' | 'Y', value: string) => ({ owner: PLATFORM, period, value });
  const [counters, winners, winnersEver, moneyOut, refunded, prizeQueue, recent, { settings }, taxFiling] =
    await Promise.all([
      // entries and money in: summed over the platform's counter shards
      readPlatformCounters([
        ...lastDays(now, SERIES_DAYS).map((day) => ({ period: 'D' as const, value: day })),
        { period: 'Y', value: p.year },
        ...span.months.map((month) => ({ period: 'M' as const, value: month })),
        ...span.days.map((day) => ({ period: 'D' as const, value: day })),
      ]),
      readWinnerCounters([platform('D', p.day), platform('Y', p.year)]),
      winnerTotals(now),
      readMoneyOut([
        { period: 'D', value: p.day },
        { period: 'Y', value: p.year },
      ]),
      readRefundedValue([
        { period: 'D', value: p.day },
        { period: 'Y', value: p.year },
      ]),
      drawsAwaitingPrizePayout(),
      recentDraws(RECENT_DRAWS),
      getHouseSettings(),
      latestTaxFiling(),
    ]);
  return {
    days: counters.slice(0, SERIES_DAYS),
    year: counters[SERIES_DAYS]!,
    lastYearSpan: counters.slice(SERIES_DAYS + 1),
    winnersToday: winners[0]!,
    winnersYear: winners[1]!,
    winnersEver,
    moneyOutToday: moneyOut[0]!,
    moneyOutYear: moneyOut[1]!,
    refundedToday: refunded[0]!,
    refundedYear: refunded[1]!,
    prizeQueue,
    recent,
    feeBp: settings.mobileNetworkFeeBp,
    taxFiling,
  };
}

/** The four events from what was read (pure). */
export function overviewFrom(input: OverviewInputs, now: Date): TopicSnapshot<'adminOverview'> {
  const p = periodsOf(now);
  const today = input.days[input.days.length - 1]!;
  const yesterday = input.days[input.days.length - 2]!;
  const lastYear = sumCounterValues(input.lastYearSpan);

  const prizesToday = input.winnersToday.prizesLrdCents;
  const prizesYear = input.winnersYear.prizesLrdCents;

  const todayEvent: OverviewToday = {
    Day: p.day,
    Username: '',
    CurrentEntries: today.entries,
    MoneyLRD: formatMoney(today.lrdCents),
    MoneyUSD: formatMoney(today.usdCents),
    MobileNetworkFeesLRD: formatMoney(feeCents(today.lrdCents, input.feeBp)),
    MobileNetworkFeesUSD: formatMoney(feeCents(today.usdCents, input.feeBp)),
    Trends: {
      CurrentEntries: percentChange(today.entries, yesterday.entries),
      MoneyLRD: percentChange(today.lrdCents, yesterday.lrdCents),
      MoneyUSD: percentChange(today.usdCents, yesterday.usdCents),
    },
  };
  const yearEvent: OverviewYearToDate = {
    Year: p.year,
    TotalEntriesYD: input.year.entries,
    TotalMoneyLRD: formatMoney(input.year.lrdCents),
    TotalMoneyUSD: formatMoney(input.year.usdCents),
    WinnersYD: input.winnersYear.winners,
    MobileNetworkFeesYDLRD: formatMoney(feeCents(input.year.lrdCents, input.feeBp)),
    MobileNetworkFeesYDUSD: formatMoney(feeCents(input.year.usdCents, input.feeBp)),
    Trends: {
      TotalEntriesYD: percentChange(input.year.entries, lastYear.entries),
      TotalMoneyLRD: percentChange(input.year.lrdCents, lastYear.lrdCents),
      TotalMoneyUSD: percentChange(input.year.usdCents, lastYear.usdCents),
    },
    EntriesSeries: seriesPoints(now, SERIES_DAYS, [input.days]),
    Draws: input.recent.map(overviewDraw),
  };
  const winnersEvent: OverviewWinnersAndTax = {
    TotalWinners: input.winnersEver.winners,
    CurrentBonusGiveaway: formatMoney(prizesToday),
    TotalYDGiveaway: formatMoney(prizesYear),
    CurrentPaymentToGovt: formatMoney(
      taxOnRevenueCents({
        stakesLrdCents: today.valueLrdCents,
        refundsLrdCents: input.refundedToday,
        prizesLrdCents: prizesToday,
      }),
    ),
    YDOfThe20Percent: formatMoney(
      taxOnRevenueCents({
        stakesLrdCents: input.year.valueLrdCents,
        refundsLrdCents: input.refundedYear,
        prizesLrdCents: prizesYear,
      }),
    ),
    AnnouncersBonusPayout: formatMoney(input.moneyOutYear.announcerPaidCents),
    AnnouncersBonusPayoutToday: formatMoney(input.moneyOutToday.announcerPaidCents),
    PartnersPayoutYD: formatMoney(input.moneyOutYear.partnerPaidCents),
    FailedPrizePayouts: input.prizeQueue
      .filter((draw) => draw.payoutStatus === 'failed')
      .map((draw) => ({
        DrawID: draw.id,
        MobileNumber: draw.winnerMsisdn ?? '',
        WinnerAmount: formatMoney(draw.prizeLrdCents ?? 0),
        Reason: draw.payoutReason ?? '',
        Attempt: draw.payoutAttempt ?? 1,
        FailedAt: draw.payoutFailedAt ?? '',
      })),
  };
  const taxEvent: OverviewTaxFiling = {
    RecentTaxSetting: input.taxFiling ?? {
      CurrentBonusGiveaway: '0.00',
      currentPaymentToGovt: '0.00',
      totalYDGiveaway: '0.00',
      YDOfThe20Percent: '0.00',
      filedAt: '',
    },
  };
  const events = topicEvents('adminOverview');
  return [
    events.today(todayEvent),
    events.yearToDate(yearEvent),
    events.winnersAndTax(winnersEvent),
    events.taxFiling(taxEvent),
  ];
}
