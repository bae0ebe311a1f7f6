import type { TicketOutcome, TicketVerificationResponse } from '@shared/api/schemas/play';
import { drawIdOf } from '@shared/draw-math';
import { messages } from '@shared/messages';
import { formatGmtDay, formatGmtMoment } from '@shared/dates';
import { formatMoneyShown } from '@shared/money';
import { hasWrongCheckDigit, parseTicketNumber } from './ticket-number';
import { getAssignment, getPromotion } from '../catalog';
import type { Entry } from './store/entries';
import { entryOfTicket } from './store/entry-reads';
import { gameOf, getHouseRules } from '../games';
import { getDraw } from '../draw-records';
import { clearedTicketAnswer } from './cleared-ticket';

export const ticketMessages = messages.ticketCheck;

/** What a won entry carries (set by the draw). */
type WonEntry = Entry & { wonAt?: string; prizeLrdCents?: number };

const answer = (
  outcome: TicketOutcome,
  message: string,
  game?: string,
  drawId?: string,
): TicketVerificationResponse => ({
  isWinner: outcome === 'won',
  outcome,
  message: game === undefined ? message : ticketMessages.ofGame(game, message),
  ...(game === undefined ? {} : { game }),
  ...(drawId === undefined ? {} : { draw_id: drawId }),
});

/**
 * Ticket verification, the same from either home-page box and USSD: any
 * game's ticket (house games and radio promotions) is answered, naming its
 * game. Unknown, mistyped, expired (its draw day ended without its draw, or a
 * late draw left it out), valid and waiting for its draw, lost, won (amount and date).
 */
export async function verifyTicket(input: string, now: Date): Promise<TicketVerificationResponse> {
  const ticket = parseTicketNumber(input);
  if (!ticket)
    return answer('unknown', hasWrongCheckDigit(input) ? ticketMessages.checkDigit : ticketMessages.malformed);
  const entry = await entryOfTicket(ticket);
  if (!entry || entry.status !== 'paid') return answer('unknown', ticketMessages.unknown);
  return (await judgeTicket(entry, now)).answer;
}

/** A ticket's word in a list of a number's tickets (USSD and web My tickets): the checker's outcome, finer. */
export type TicketStatus = 'won' | 'waiting' | 'lost' | 'expired' | 'refunded' | 'carried';

/** A paid entry's ticket as the checker judges it: its answer, its list word and its draw's time when known. */
export interface TicketJudgement {
  answer: TicketVerificationResponse;
  status: TicketStatus;
  /** "Nov 22, 2026 21:00 GMT": when it was drawn, or the draw it waits for (a live draw has no time yet). */
  drawTime?: string;
}

/** The one rule behind the checker and the ticket lists, for a paid entry. */
export async function judgeTicket(paid: Entry, now: Date): Promise<TicketJudgement> {
  const entry = paid as WonEntry;
  const playedGame = gameOf(entry.game);
  const game = playedGame.title(
    playedGame.titledByPromotion ? (await getPromotion(entry.promotionId))?.title : undefined,
  );
  // the ticket's draw, once it happened: the answer links to its public record
  const drawId = drawIdOf(entry.assignmentId, entry.windowNo ?? 0);
  if (entry.wonAt && entry.prizeLrdCents !== undefined) {
    const record = await getDraw(drawId);
    return {
      answer: answer(
        'won',
        ticketMessages.won(formatMoneyShown(entry.prizeLrdCents), formatGmtDay(entry.wonAt)),
        game,
        record?.id,
      ),
      status: 'won',
      drawTime: formatGmtMoment(record?.drawnAt ?? entry.wonAt),
    };
  }
  const assignment = await getAssignment(entry.assignmentId);
  const closedOn = assignment !== undefined && assignment.windowNo > (entry.windowNo ?? 0);
  const draw = closedOn ? await getDraw(drawId) : undefined;
  // paid after its window's draw moment, it was left for the next draw (modules/draws/late-tail.ts), moved there or not yet
  const windowClosed = closedOn && !(draw?.lastSeq !== undefined && (entry.seq ?? 0) > draw.lastSeq);
  const expiredMessage = playedGame.ticketCheck.expired;
  const expired = { answer: answer('lost', expiredMessage ?? '', game), status: 'expired' as const };
  const cleared = await clearedTicketAnswer(entry, windowClosed);
  if (cleared) return { answer: answer(cleared.outcome, cleared.message, game), status: cleared.status };
  if (windowClosed) {
    // a late house draw leaves out tickets whose draw day had passed: they expired, they did not lose
    if (draw && expiredMessage && (entry.seq ?? 0) < draw.firstSeq) return expired;
    return {
      answer: answer('lost', ticketMessages.lost, game, draw?.id),
      status: 'lost',
      ...(draw ? { drawTime: formatGmtMoment(draw.drawnAt) } : {}),
    };
  }
  // valid until its draw day ends: a ticket bought after tonight's draw is in tomorrow's (functions/modules/games/house-schedule.ts)
  const ticketDraw =
    playedGame.drawing.by === 'schedule'
      ? playedGame.ticketDraw(new Date(entry.paidAt!), (await getHouseRules()).rules)
      : undefined;
  // a promotion's ticket waits for the next live draw
  if (!ticketDraw)
    return { answer: answer('waiting', playedGame.ticketCheck.waiting(undefined), game), status: 'waiting' };
  if (expiredMessage && ticketDraw.expiredBy(now)) return expired;
  // the draw named as the ticket SMS names it: one late-ticket rule for every house game
  return {
    answer: answer('waiting', playedGame.ticketCheck.waiting(ticketDraw), game),
    status: 'waiting',
    drawTime: ticketDraw.when,
  };
}
