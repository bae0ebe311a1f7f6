import type {
  AdminWinnerRow,
  PublicClosedDraw,
  PublicDrawRecord,
  PublicOpenWindow,
  PublicResult,
  PublicWinnersAnswer,
} from '@shared/api/schemas/draws';
import { drawIdOf } from '@shared/draw-math';
import { gameOfAssignment, houseGame, isHouseGame } from '@shared/games';
import { formatMoney } from '@shared/money';
import { maskMobileNumber } from '@shared/phone';
import type { Assignment } from '../catalog';
import type { DrawRecord } from '../draw-records';

/** A draw's public record: enough to redo the draw; the winner masked (DESIGN section 7). */
export function publicDrawView(record: DrawRecord): PublicDrawRecord {
  return {
    draw_id: record.id,
    method: record.method ?? 'commit-reveal-1',
    game: record.game,
    promotion_title: record.promotionTitle,
    kind: record.kind,
    window_no: record.windowNo,
    commitment: record.commitment,
    seed: record.seed ?? null,
    window_count: record.windowCount,
    entry_count: record.entryCount,
    first_seq: record.firstSeq,
    ...(record.lastSeq !== undefined ? { last_seq: record.lastSeq } : {}),
    winning_seq: record.winningSeq ?? null,
    winner: record.winnerMsisdn ? maskMobileNumber(record.winnerMsisdn) : null,
    prize_lrd: record.prizeLrdCents !== undefined ? formatMoney(record.prizeLrdCents) : null,
    opened_at: record.openedAt ?? null,
    closed_at: record.closedAt ?? null,
    merkle_root: record.merkleRoot ?? null,
    beacon: record.beacon ?? null,
    draw_code: record.drawCode ?? null,
    drawn_at: record.drawnAt,
    // every attempt stays public (GLI-31, AGCO): a voided record names its redraw, a redraw its voided record
    ...(record.voided
      ? { voided: { reason: record.voided.reason, at: record.voided.at, redraw_id: record.voided.redrawId } }
      : {}),
    ...(record.redrawOf ? { redraw_of: { draw_id: record.redrawOf.drawId, reason: record.redrawOf.reason } } : {}),
    ...(record.excludedSeqs ? { excluded_seqs: record.excludedSeqs } : {}),
  };
}

/** The public winners page names house games by their page's slug (shared/games.ts) and promotions by title. */
const gameName = (record: DrawRecord) =>
  isHouseGame(record.game) ? houseGame[record.game].slug : record.promotionTitle;

export function publicWinnerRow(record: DrawRecord): PublicWinnersAnswer['Winners'][number] {
  return {
    MobileNumber: maskMobileNumber(record.winnerMsisdn ?? ''),
    WinnerAmount: formatMoney(record.prizeLrdCents ?? 0),
    WinnerSelected: record.drawnAt,
    Game: gameName(record),
    DrawID: record.id,
  };
}

/** A row of the staff winners list: full numbers (staff only). */
export function adminWinnerRow(record: DrawRecord, partnerUsername: string): AdminWinnerRow {
  return {
    MobileNumber: record.winnerMsisdn ?? '',
    PartnerID: record.partnerId,
    PartnerUsername: partnerUsername,
    WinnerAmount: formatMoney(record.prizeLrdCents ?? 0),
    WinnerSelected: record.drawnAt,
    PromotionTitle: record.promotionTitle,
    DrawID: record.id,
    PayoutStatus: record.payoutStatus ?? '',
  };
}

/** A closed draw in the Fair draws list: the winner masked (DESIGN section 7). */
export function publicClosedDraw(record: DrawRecord): PublicClosedDraw {
  return {
    draw_id: record.id,
    game: record.game,
    title: record.promotionTitle,
    kind: record.kind,
    closed_at: record.closedAt ?? record.drawnAt,
    entry_count: record.entryCount,
    winner: record.winnerMsisdn ? maskMobileNumber(record.winnerMsisdn) : null,
    commitment: record.commitment,
    seed: record.seed ?? null,
    beacon_round: record.beacon?.round ?? null,
  };
}

/** An open window in the Fair draws list: its commitment, public from the moment it opened. */
export function publicOpenWindow(assignment: Assignment, title: string, partner: string): PublicOpenWindow {
  return {
    draw_id: drawIdOf(assignment.id, assignment.windowNo),
    game: gameOfAssignment(assignment.id),
    title,
    partner,
    opened_at: assignment.windowOpenedAt,
    commitment: assignment.windowCommitment ?? null,
    entries: assignment.windowCount,
  };
}

/** A past house-game draw on the results page; other draws are not results. */
export function publicResult(record: DrawRecord): PublicResult | undefined {
  if (record.kind !== 'house' || !isHouseGame(record.game)) return undefined;
  return {
    draw_id: record.id,
    game: record.game,
    title: houseGame[record.game].title,
    drawn_at: record.drawnAt,
    winner: record.winnerMsisdn ? maskMobileNumber(record.winnerMsisdn) : null,
    prize_lrd: record.winnerMsisdn && record.prizeLrdCents !== undefined ? formatMoney(record.prizeLrdCents) : null,
  };
}
