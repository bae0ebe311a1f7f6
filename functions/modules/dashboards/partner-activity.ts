import type { ClearedDraw, DashboardWinner } from '@shared/api/schemas/dashboards';
import { listAssignments, type Assignment, getPromotions, type Promotion } from '../catalog';
import { drawsSince } from '../draw-records';
import { getPartner, type Partner } from '../staff';
import { periodCounts, type PeriodCounts } from './assignment-counts';
import { startOfDay } from './figures';
import { clearedDraws, winnersByTitle } from './winners';

/** What the partner's and its announcers' dashboards both show of one partner. */
export interface PartnerActivity {
  partner: Partner | undefined;
  /** Its partner promotions now active, as assignments. */
  active: Assignment[];
  /** Their promotions, by promotion id. */
  promotions: Map<string, Promotion>;
  /** Each active assignment's paid entries by period (and series, when asked), by assignment id. */
  counts: Map<string, PeriodCounts>;
  /** Each active assignment's promotion title, by assignment id. */
  titleOf: Map<string, string>;
  /** Today's winners (GMT) of its promotions, by title. */
  dailyWinners: Record<string, DashboardWinner[]>;
  /** Today's cleared draws (GMT) of its promotions, newest first. */
  clearedToday: ClearedDraw[];
}

/** One partner's activity as of `now`; none at all for an announcer without a partner. */
export async function partnerActivity(
  partnerId: string | undefined,
  now: Date,
  seriesDays = 0,
): Promise<PartnerActivity> {
  if (!partnerId) {
    return {
      partner: undefined,
      active: [],
      promotions: new Map(),
      counts: new Map(),
      titleOf: new Map(),
      dailyWinners: {},
      clearedToday: [],
    };
  }
  const [partner, assignments, todaysDraws] = await Promise.all([
    getPartner(partnerId),
    listAssignments(partnerId),
    drawsSince(startOfDay(now)),
  ]);
  const active = assignments.filter((a) => a.kind === 'partner' && a.status === 'active');
  const [promotions, counts] = await Promise.all([
    getPromotions(active.map((a) => a.promotionId)),
    periodCounts(
      active.map((a) => a.id),
      now,
      seriesDays,
    ),
  ]);
  const titleOf = new Map(active.map((a) => [a.id, promotions.get(a.promotionId)?.title ?? '']));
  const partnersDraws = todaysDraws.filter((draw) => draw.partnerId === partnerId);
  const dailyWinners = winnersByTitle(partnersDraws, titleOf);
  return { partner, active, promotions, counts, titleOf, dailyWinners, clearedToday: clearedDraws(partnersDraws) };
}
