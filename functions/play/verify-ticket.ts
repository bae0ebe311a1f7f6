import type { TicketVerificationResponse } from '../../shared/api/schemas/play';
import { drawIdOf } from '../../shared/draw-math';
import { houseGame, type HouseGame } from '../../shared/house-games';
import { formatMoney } from '../../shared/money';
import { parseTicketNumber } from '../domain/ticket-number';
import { getAssignment } from '../store/assignments';
import { entryIdOfTicket, getEntry, type Entry } from '../store/entries';
import { getPromotion } from '../store/promotions';
import { isTicketExpired, scheduleOf } from '../draws/house-schedule';
import { getDraw } from '../store/draws';
import { getHouseRules } from '../store/house-settings';

export const ticketMessages = {
  malformed: 'That is not a valid ticket number. It has 14 digits, e.g. 4821-0937-5516-23.',
  unknown: 'We could not find that ticket. Check the number and try again.',
  otherGame: (title: string, card: string) => `This is a ${title} ticket, not a ${card} ticket.`,
  expiredDaily: 'This ticket has expired: daily tickets are valid only on the day they are issued.',
  expiredJackpot: 'This ticket has expired: jackpot tickets are valid for one week from issue.',
  waitingDaily: 'Ticket valid: it is in today\'s draw. Good luck!',
  waitingJackpot: 'Ticket valid: it is in this week\'s jackpot draw. Good luck!',
  waitingLive: 'Ticket valid: it is in the next live draw on air. Good luck!',
  lost: 'Not a winner this time. Better luck in the next draw!',
  won: (amount: string, day: string) => `Congratulations! This ticket won ${amount} LRD in the draw on ${day}.`,
} as const;

/** What a won entry carries (set by the draw). */
export type WonEntry = Entry & { wonAt?: string; prizeLrdCents?: number };

/**
 * Ticket verification (issue 5 item 7): unknown, another game's ticket,
 * expired (its draw day ended without its draw, or a late draw left it out), valid and
 * waiting for its draw, lost, won (amount and date).
 */
export async function verifyTicket(card: HouseGame | 'any', input: string, now: Date): Promise<TicketVerificationResponse> {
  const ticket = parseTicketNumber(input);
  if (!ticket) return { isWinner: false, message: ticketMessages.malformed };
  const entryId = await entryIdOfTicket(ticket);
  const entry = entryId ? ((await getEntry(entryId)) as WonEntry | undefined) : undefined;
  if (!entry || entry.status !== 'paid') return { isWinner: false, message: ticketMessages.unknown };
  if (card !== 'any' && entry.game !== card) {
    const title = entry.game === 'partner' ? (await getPromotion(entry.promotionId))?.title ?? 'promotion' : houseGame[entry.game].title;
    return { isWinner: false, message: ticketMessages.otherGame(title, houseGame[card].title) };
  }
  if (entry.wonAt && entry.prizeLrdCents !== undefined) {
    return { isWinner: true, message: ticketMessages.won(formatMoney(entry.prizeLrdCents), entry.wonAt.slice(0, 10)) };
  }
  const assignment = await getAssignment(entry.assignmentId);
  const windowClosed = assignment !== undefined && assignment.windowNo > (entry.windowNo ?? 0);
  const expiredMessage = entry.game === 'daily' ? ticketMessages.expiredDaily : ticketMessages.expiredJackpot;
  if (windowClosed) {
    // a late house draw leaves out tickets whose draw day had passed (issue 6): they expired, they did not lose
    const draw = entry.game === 'partner' ? undefined : await getDraw(drawIdOf(entry.assignmentId, entry.windowNo ?? 0));
    if (draw && (entry.seq ?? 0) < draw.firstSeq) return { isWinner: false, message: expiredMessage };
    return { isWinner: false, message: ticketMessages.lost };
  }
  if (entry.game === 'partner') return { isWinner: false, message: ticketMessages.waitingLive };
  // valid until its draw day ends: a ticket bought after tonight's draw is in tomorrow's (functions/draws/house-schedule.ts)
  const { rules } = await getHouseRules();
  const expired = isTicketExpired(scheduleOf(entry.game, rules), new Date(entry.paidAt!), now);
  if (expired) return { isWinner: false, message: expiredMessage };
  return { isWinner: false, message: entry.game === 'daily' ? ticketMessages.waitingDaily : ticketMessages.waitingJackpot };
}
