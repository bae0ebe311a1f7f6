import type { HouseGameSummary, PartnerDrawSummary } from '@shared/api/schemas/dashboards';
import { DRAW_LIST_EVENTS, topicEvents, type DrawListPeriod, type TopicSnapshot } from '@shared/topics';
import { HOUSE_GAMES, houseGame, houseGameIds } from '@shared/games';
import { formatMoney } from '@shared/money';
import { nextDrawMoment, scheduleOf, getHouseRules } from '../games';
import { requiredEntries } from '@shared/draw-threshold';
import { getAssignment, listAssignments, type Assignment, getPromotions } from '../catalog';
import { balancesOf } from '../payouts';
import { listPartners } from '../staff';
import { periodCounts, type PeriodCounts } from './assignment-counts';
import { drawProgress, openWindowToday, todaysEntries } from './figures';

/**
 * `admin/draw-list` (spec section 2 "Partners' Data Analytics (Draw)", section
 * 3 "Partner draw summary"): one row per active partner promotion, sent as
 * the four period events. Each row's PartnerCurrentTotal is the period's paid
 * entries; in the daily event it is today's entries by the one definition the
 * partner and announcer dashboards use (figures.ts todaysEntries: a draw does
 * not lower it). Every row also carries the open window's entries (the count
 * a draw is decided on) and the entries the next draw needs by the server's own rule
 * (shared/draw-threshold.ts), so the buttons are off exactly when the server would
 * refuse. The house games come as their own event: the scheduler draws them.
 * Read from counters and balances only.
 */
export async function drawListEvents(now: Date): Promise<TopicSnapshot<'adminDrawList'>> {
  const assignments = (await listAssignments()).filter((a) => a.kind === 'partner' && a.status === 'active');
  const [partners, promotions, counts, balances, houseGames] = await Promise.all([
    listPartners(),
    getPromotions(assignments.map((a) => a.promotionId)),
    periodCounts(
      assignments.map((a) => a.id),
      now,
    ),
    balancesOf(assignments.map((a) => ({ userId: a.partnerId, promotionId: a.promotionId }))),
    houseGameSummaries(now),
  ]);
  const partnersById = new Map(partners.map((partner) => [partner.id, partner]));
  const rows = assignments
    .map((assignment) => ({
      assignment,
      partnerUsername: partnersById.get(assignment.partnerId)?.username ?? '',
      partnerSearchString: partnersById.get(assignment.partnerId)?.searchString ?? '',
      promotionTitle: promotions.get(assignment.promotionId)?.title ?? '',
      counts: counts.get(assignment.id)!,
      balanceCents: balances.get(`${assignment.partnerId}#${assignment.promotionId}`) ?? 0,
    }))
    .sort(
      (a, b) => a.partnerUsername.localeCompare(b.partnerUsername) || a.promotionTitle.localeCompare(b.promotionTitle),
    );

  const periodTotal: Record<DrawListPeriod, (row: (typeof rows)[number]) => number> = {
    D: (row) => todaysEntries(row.counts),
    W: (row) => row.counts.week.entries,
    M: (row) => row.counts.month.entries,
    Y: (row) => row.counts.year.entries,
  };
  const events = topicEvents('adminDrawList');
  return [
    ...(Object.keys(DRAW_LIST_EVENTS) as DrawListPeriod[]).map((period) =>
      events[period](
        rows.map((row) =>
          summary(
            row,
            periodTotal[period](row),
            openWindowToday(row.assignment, row.counts.day.entries, now),
            requiredEntries(row.assignment, now),
          ),
        ),
      ),
    ),
    events.houseGames(houseGames),
  ];
}

/** The house games with the open window's paid entries and the next scheduled draw (DESIGN section 4, GMT). */
async function houseGameSummaries(now: Date): Promise<HouseGameSummary[]> {
  const [{ rules }, windows] = await Promise.all([
    getHouseRules(),
    Promise.all(HOUSE_GAMES.map((game) => getAssignment(houseGameIds[game].assignmentId))),
  ]);
  return HOUSE_GAMES.map((game, i) => {
    const schedule = scheduleOf(game, rules);
    return {
      Game: game,
      Title: houseGame[game].title,
      WindowEntries: windows[i]?.windowCount ?? 0,
      NextDrawAt: nextDrawMoment(schedule, now).toISOString(),
      DrawTime: schedule.drawTime,
    };
  });
}

function summary(
  row: {
    assignment: Assignment;
    partnerUsername: string;
    partnerSearchString: string;
    promotionTitle: string;
    counts: PeriodCounts;
    balanceCents: number;
  },
  total: number,
  windowEntries: number,
  required: number,
): PartnerDrawSummary {
  return {
    AssignmentID: row.assignment.id,
    PartnerID: row.assignment.partnerId,
    PartnerUsername: row.partnerUsername,
    PartnerCurrentTotal: total,
    Percentage: drawProgress(windowEntries, required),
    PromotionTitle: row.promotionTitle,
    WeeklyCount: row.counts.week.entries,
    MonetaryValue: formatMoney(row.balanceCents),
    Threshold: row.assignment.threshold,
    StartingThreshold: row.assignment.startingThreshold,
    PartnerSearchString: row.partnerSearchString,
    PromotionID: row.assignment.promotionId,
    SharedCode: row.assignment.sharedCode ?? '',
    ...(row.assignment.windowCommitment ? { WindowCommitment: row.assignment.windowCommitment } : {}),
    WindowEntries: windowEntries,
    RequiredEntries: required,
    WinnerAmount: formatMoney(row.assignment.winnerAmountCents),
  };
}
