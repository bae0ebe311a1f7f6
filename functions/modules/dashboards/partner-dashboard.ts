import type { PartnerDashboard } from '@shared/api/schemas/dashboards';
import { topicEvents, type TopicSnapshot } from '@shared/topics';
import { formatMoney } from '@shared/money';
import { periodsOf } from '../../platform/periods';
import { accountBalanceOf } from '../staff';
import { listBalances } from '../payouts';
import { seriesPoints } from './assignment-counts';
import { SERIES_DAYS, todaysEntries } from './figures';
import { partnerActivity } from './partner-activity';

/**
 * `partner/{id}/dashboard` (spec section 2 "Partner dashboard", section 3
 * "Partner dashboard data"): the partner's balances, its active promotions'
 * paid entries today / this ISO week / this month (GMT), today's winners per
 * promotion and a 14-day series — from counters, balances and today's draw
 * records.
 */
export async function partnerDashboardEvents(partnerId: string, now: Date): Promise<TopicSnapshot<'partnerDashboard'>> {
  return [topicEvents('partnerDashboard').dashboard(await partnerDashboard(partnerId, now))];
}

async function partnerDashboard(partnerId: string, now: Date): Promise<PartnerDashboard> {
  const [{ partner, active, counts, titleOf, dailyWinners, clearedToday }, balances] = await Promise.all([
    partnerActivity(partnerId, now, SERIES_DAYS),
    listBalances(partnerId),
  ]);
  const day = periodsOf(now).day;
  return {
    Username: partner?.username ?? '',
    MobileMoneyNumber: partner?.mobileMoneyNumber ?? '',
    AccountBalance: accountBalanceOf(balances),
    PromotionDrawCounts: Object.fromEntries(
      active.map((a) => {
        const c = counts.get(a.id)!;
        return [
          titleOf.get(a.id)!,
          {
            threshold: a.threshold,
            dayString: day,
            daily: todaysEntries(c),
            weekly: c.week.entries,
            monthly: c.month.entries,
            winner_amount: formatMoney(a.winnerAmountCents),
          },
        ];
      }),
    ),
    DailyWinners: dailyWinners,
    ClearedToday: clearedToday,
    EntriesSeries: seriesPoints(
      now,
      SERIES_DAYS,
      active.map((a) => counts.get(a.id)!.series),
    ),
  };
}
