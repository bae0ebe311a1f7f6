import { houseGame } from '../../shared/house-games';
import { formatMoney } from '../../shared/money';
import { formatTicketNumber } from '../domain/ticket-number';
import { smsSender } from '../integrations/sms/sms-sender';
import { logger } from '../lib/logger';
import { markSmsSent, type Entry } from '../store/entries';
import { getHouseRules } from '../store/house-settings';
import { getPromotion } from '../store/promotions';
import { scheduleOf, ticketDrawDay } from '../draws/house-schedule';

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** 2026-11-22 → "Sun 22 Nov". */
function shortDay(day: string): string {
  const date = new Date(`${day}T00:00:00.000Z`);
  return `${WEEKDAYS[date.getUTCDay()]} ${date.getUTCDate()} ${MONTHS[date.getUTCMonth()]}`;
}

/** The ticket SMS (issue 5 item 6): kept to one 160-character message. */
export async function ticketSmsText(entry: Entry): Promise<string> {
  const ticket = formatTicketNumber(entry.ticketNumber!);
  const paid = `${formatMoney(entry.amountCents)} ${entry.currency}`;
  if (entry.game === 'daily' || entry.game === 'jackpot') {
    const { rules } = await getHouseRules();
    const schedule = scheduleOf(entry.game, rules);
    // a daily ticket bought after tonight's draw is in tomorrow's: name the day
    const day = ticketDrawDay(schedule, new Date(entry.paidAt!));
    const when = `${shortDay(day)} ${schedule.drawTime} GMT`;
    return `${houseGame[entry.game].title} ticket ${ticket} (${paid} paid). You are in the draw on ${when}. Good luck!`;
  }
  const title = (await getPromotion(entry.promotionId))?.title ?? 'Promotion';
  return `${title.slice(0, 40)} ticket ${ticket} (${paid} paid). Listen live for the draw. Good luck!`;
}

/**
 * Send the ticket SMS and mark it sent. A failure leaves the entry in the
 * unsent index, and the reconciliation job tries again; it never blocks or
 * undoes the settlement.
 */
export async function sendTicketSms(entry: Entry, now: Date): Promise<boolean> {
  try {
    const sender = await smsSender();
    await sender.send(entry.msisdn, await ticketSmsText(entry), now);
    await markSmsSent(entry.id, now);
    return true;
  } catch (error) {
    logger.warn('ticket SMS not sent; will retry', { entryId: entry.id, error: String(error) });
    return false;
  }
}
