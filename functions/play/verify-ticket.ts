import type { TicketOutcome, TicketVerificationResponse } from '../../shared/api/schemas/play';
import { drawIdOf } from '../../shared/draw-math';
import { houseGame } from '../../shared/house-games';
import { messages } from '../../shared/messages';
import { formatMoney } from '../../shared/money';
import { hasWrongCheckDigit, parseTicketNumber } from '../domain/ticket-number';
import { getAssignment } from '../store/assignments';
import { entryIdOfTicket, getEntry, type Entry } from '../store/entries';
import { getPromotion } from '../store/promotions';
import { isTicketExpired, scheduleOf } from '../draws/house-schedule';
import { getDraw } from '../store/draws';
import { getHouseRules } from '../store/house-settings';
import { clearedTicketAnswer } from './cleared-ticket';

export const ticketMessages = messages.ticketCheck;

/** What a won entry carries (set by the draw). */
export type WonEntry = Entry & { wonAt?: string; prizeLrdCents?: number };

const answer = (outcome: TicketOutcome, message: string, game?: string): TicketVerificationResponse => ({
  isWinner: outcome === 'won',
  outcome,
  message: game === undefined ? message : ticketMessages.ofGame(game, message),
  ...(game === undefined ? {} : { game }),
});

/**
 * Ticket verification, the same from either home-page box and USSD: any
 * game's ticket (house games and radio promotions) is answered, naming its
 * game. Unknown, mistyped, expired (its draw day ended without its draw, or a
 * late draw left it out), valid and waiting for its draw, lost, won (amount and date).
 */
export async function verifyTicket(input: string, now: Date): Promise<TicketVerificationResponse> {
  const ticket = parseTicketNumber(input);
  if (!ticket) return answer('unknown', hasWrongCheckDigit(input) ? ticketMessages.checkDigit : ticketMessages.malformed);
  const entryId = await entryIdOfTicket(ticket);
  const entry = entryId ? ((await getEntry(entryId)) as WonEntry | undefined) : undefined;
  if (!entry || entry.status !== 'paid') return answer('unknown', ticketMessages.unknown);
  const game = entry.game === 'partner' ? (await getPromotion(entry.promotionId))?.title ?? ticketMessages.promotion : houseGame[entry.game].title;
  if (entry.wonAt && entry.prizeLrdCents !== undefined) {
    return answer('won', ticketMessages.won(formatMoney(entry.prizeLrdCents), entry.wonAt.slice(0, 10)), game);
  }
  const assignment = await getAssignment(entry.assignmentId);
  const windowClosed = assignment !== undefined && assignment.windowNo > (entry.windowNo ?? 0);
  const expiredMessage = entry.game === 'daily' ? ticketMessages.expiredDaily : ticketMessages.expiredJackpot;
  const cleared = await clearedTicketAnswer(entry, windowClosed);
  if (cleared) return answer(cleared.outcome, cleared.message, game);
  if (windowClosed) {
    // a late house draw leaves out tickets whose draw day had passed: they expired, they did not lose
    const draw = entry.game === 'partner' ? undefined : await getDraw(drawIdOf(entry.assignmentId, entry.windowNo ?? 0));
    if (draw && (entry.seq ?? 0) < draw.firstSeq) return answer('lost', expiredMessage, game);
    return answer('lost', ticketMessages.lost, game);
  }
  if (entry.game === 'partner') return answer('waiting', ticketMessages.waitingLive, game);
  // valid until its draw day ends: a ticket bought after tonight's draw is in tomorrow's (functions/draws/house-schedule.ts)
  const { rules } = await getHouseRules();
  const expired = isTicketExpired(scheduleOf(entry.game, rules), new Date(entry.paidAt!), now);
  if (expired) return answer('lost', expiredMessage, game);
  return answer('waiting', entry.game === 'daily' ? ticketMessages.waitingDaily : ticketMessages.waitingJackpot, game);
}
