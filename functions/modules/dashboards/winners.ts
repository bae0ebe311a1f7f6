import type { ClearedDraw, DashboardWinner, OverviewDraw } from '@shared/api/schemas/dashboards';
import { formatMoney } from '@shared/money';
import { hasWinner } from '../draw-records';
import type { DrawRecord } from '../draw-records';
import { maskedNumber } from './figures';

/** One winning draw as partner and announcer dashboards show it (spec section 3 "Winner"), the number masked. */
function dashboardWinner(draw: DrawRecord, promotionTitle: string): DashboardWinner {
  return {
    id: draw.winnerEntryId ?? draw.id,
    draw_id: draw.id,
    partner_id: draw.partnerId,
    promotion_title: promotionTitle,
    mobile_number: maskedNumber(draw.winnerMsisdn),
    winner_selected: draw.drawnAt,
    winner_amount: formatMoney(draw.prizeLrdCents ?? 0),
    payout_status: draw.payoutStatus ?? 'pending',
  };
}

/** Winning draws of the given assignments grouped by promotion title, newest first. */
export function winnersByTitle(
  draws: readonly DrawRecord[],
  titleOfAssignment: ReadonlyMap<string, string>,
): Record<string, DashboardWinner[]> {
  const grouped: Record<string, DashboardWinner[]> = {};
  const newestFirst = [...draws].sort((a, b) => b.drawnAt.localeCompare(a.drawnAt));
  for (const draw of newestFirst) {
    const title = titleOfAssignment.get(draw.assignmentId);
    if (title === undefined || !hasWinner(draw)) continue;
    grouped[title] ??= [];
    grouped[title].push(dashboardWinner(draw, title));
  }
  return grouped;
}

/** The cleared draws among `draws`, newest first, with the tickets each carried or refunded. */
export function clearedDraws(draws: readonly DrawRecord[]): ClearedDraw[] {
  return draws
    .filter((draw) => draw.kind === 'cleared')
    .sort((a, b) => b.drawnAt.localeCompare(a.drawnAt))
    .map((draw) => ({
      draw_id: draw.id,
      promotion_title: draw.promotionTitle ?? '',
      cleared_at: draw.drawnAt,
      tickets: draw.entryCount,
      mode: draw.clearMode ?? 'carry',
    }));
}

/** One draw as the admin overview lists it (full number: admins run the payouts). */
export function overviewDraw(draw: DrawRecord): OverviewDraw {
  return {
    ID: draw.id,
    Game: draw.game,
    Kind: draw.kind,
    PromotionTitle: draw.promotionTitle ?? '',
    PartnerID: draw.partnerId,
    MobileNumber: draw.winnerMsisdn ?? '',
    WinnerAmount: formatMoney(draw.prizeLrdCents ?? 0),
    WinnerSelected: draw.drawnAt,
    EntryCount: draw.entryCount ?? 0,
    Commitment: draw.commitment ?? '',
    PayoutStatus: hasWinner(draw) ? (draw.payoutStatus ?? 'pending') : '',
    PayoutReason: draw.payoutReason ?? '',
  };
}
