import type { AnnouncerDashboard } from '@shared/api/schemas/dashboards';
import { topicEvents, type TopicSnapshot } from '@shared/topics';
import { formatMoney } from '@shared/money';
import { accountBalanceOf, getUser } from '../staff';
import type { Announcer } from '../staff';
import type { Assignment } from '../catalog';
import { listBalances } from '../payouts';
import { requiredEntries } from '@shared/draw-threshold';
import { openWindowToday, todaysEntries } from './figures';
import { partnerActivity } from './partner-activity';

/**
 * `announcer/{id}/dashboard` (spec section 2 "Announcer dashboard", section 3
 * "Announcer dashboard data"): the announcer's balances and its partner's
 * active promotions — terms, the open window's seed commitment, its entries
 * and the entries the next draw needs (what the draw button needs), today's,
 * this week's and this month's entries, and today's winners — from counters,
 * balances and draw records.
 */
export async function announcerDashboardEvents(
  announcerId: string,
  now: Date,
): Promise<TopicSnapshot<'announcerDashboard'>> {
  return [topicEvents('announcerDashboard').dashboard(await announcerDashboard(announcerId, now))];
}

async function announcerDashboard(announcerId: string, now: Date): Promise<AnnouncerDashboard> {
  const user = await getUser(announcerId);
  const announcer: Announcer | undefined = user?.role === 'announcer' ? user : undefined;
  const [{ partner, active, promotions, counts, titleOf, dailyWinners, clearedToday }, balances] = await Promise.all([
    partnerActivity(announcer?.partnerId, now),
    listBalances(announcerId),
  ]);
  return {
    Username: announcer?.username ?? '',
    SearchString: announcer?.searchString ?? '',
    PartnerUsername: partner?.username ?? '',
    CheckedIn: Boolean(announcer?.lastCheckIn),
    Promotions: active.map((a) => {
      const promotion = promotions.get(a.promotionId);
      const commitment = (a as Assignment & { windowCommitment?: string }).windowCommitment;
      return {
        assignment_id: a.id,
        promotion_id: a.promotionId,
        promotion_title: titleOf.get(a.id)!,
        promotion_prize_lrd: formatMoney(promotion?.priceLrdCents ?? 0),
        promotion_prize_usd: formatMoney(promotion?.priceUsdCents ?? 0),
        threshold: a.threshold,
        starting_threshold: a.startingThreshold,
        shared_code: a.sharedCode ?? '',
        winner_amount: formatMoney(a.winnerAmountCents),
        ...(commitment ? { windowCommitment: commitment } : {}),
        window_entries: openWindowToday(a, counts.get(a.id)!.day.entries, now),
        required_entries: requiredEntries(a, now),
      };
    }),
    PromotionDrawCounts: Object.fromEntries(
      active.map((a) => {
        const c = counts.get(a.id)!;
        return [titleOf.get(a.id)!, { daily: todaysEntries(c), weekly: c.week.entries, monthly: c.month.entries }];
      }),
    ),
    AccountBalance: accountBalanceOf(balances),
    DailyWinners: dailyWinners,
    ClearedToday: clearedToday,
  };
}
