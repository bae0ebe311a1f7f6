import type { PartnerDrawSummary } from '../../shared/api/schemas/dashboards';
import { DRAW_LIST_EVENTS } from '../../shared/api/topic-events';
import { formatMoney } from '../../shared/money';
import type { TopicEvent } from '../realtime/topic-definition';
import { listAssignments, type Assignment } from '../store/assignments';
import { balancesOf } from '../store/dashboard-reads';
import { listPartners } from '../store/partners';
import { getPromotions } from '../store/promotions';
import { periodCounts, type PeriodCounts } from './assignment-counts';
import { openWindowToday, percentOf } from './figures';

/**
 * `admin/draw-list` (spec section 2 "Partners' Data Analytics (Draw)", section
 * 3 "Partner draw summary"): one row per active partner promotion, sent as
 * the four period events. Each row's PartnerCurrentTotal is the period's paid
 * entries; in the daily event it is the open draw window's entries today —
 * the count a draw is decided on. Read from counters and balances only.
 */
export async function drawListEvents(now: Date): Promise<TopicEvent[]> {
  const assignments = (await listAssignments()).filter((a) => a.kind === 'partner' && a.status === 'active');
  const [partners, promotions, counts, balances] = await Promise.all([
    listPartners(),
    getPromotions(assignments.map((a) => a.promotionId)),
    periodCounts(
      assignments.map((a) => a.id),
      now,
    ),
    balancesOf(assignments.map((a) => ({ userId: a.partnerId, promotionId: a.promotionId }))),
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
    .sort((a, b) => a.partnerUsername.localeCompare(b.partnerUsername) || a.promotionTitle.localeCompare(b.promotionTitle));

  const periodTotal: Record<keyof typeof DRAW_LIST_EVENTS, (row: (typeof rows)[number]) => number> = {
    D: (row) => openWindowToday(row.assignment, row.counts.day.entries, now),
    W: (row) => row.counts.week.entries,
    M: (row) => row.counts.month.entries,
    Y: (row) => row.counts.year.entries,
  };
  return (Object.keys(DRAW_LIST_EVENTS) as Array<keyof typeof DRAW_LIST_EVENTS>).map((period) => ({
    event: DRAW_LIST_EVENTS[period],
    data: rows.map((row) => summary(row, periodTotal[period](row))),
  }));
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
): PartnerDrawSummary {
  return {
    AssignmentID: row.assignment.id,
    PartnerID: row.assignment.partnerId,
    PartnerUsername: row.partnerUsername,
    PartnerCurrentTotal: total,
    Percentage: percentOf(total, row.assignment.threshold),
    PromotionTitle: row.promotionTitle,
    WeeklyCount: row.counts.week.entries,
    MonetaryValue: formatMoney(row.balanceCents),
    Threshold: row.assignment.threshold,
    StartingThreshold: row.assignment.startingThreshold,
    PartnerSearchString: row.partnerSearchString,
    PromotionID: row.assignment.promotionId,
    SharedCode: row.assignment.sharedCode ?? '',
    ...(row.assignment.windowCommitment ? { WindowCommitment: row.assignment.windowCommitment } : {}),
  };
}
