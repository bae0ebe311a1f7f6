import { houseGame } from '../../shared/house-games';
import { formatMoney } from '../../shared/money';
import { formatTicketNumber } from '../domain/ticket-number';
import { smsSender } from '../integrations/sms/sms-sender';
import { logger } from '../lib/logger';
import { markSmsSent, type Entry } from '../store/entries';
import { getHouseSettings } from '../store/house-settings';
import { getPromotion } from '../store/promotions';

/** The ticket SMS (issue 5 item 6): kept to one 160-character message. */
export async function ticketSmsText(entry: Entry): Promise<string> {
  const ticket = formatTicketNumber(entry.ticketNumber!);
  const paid = `${formatMoney(entry.amountCents)} ${entry.currency}`;
  if (entry.game === 'daily' || entry.game === 'jackpot') {
    const { settings } = await getHouseSettings();
    const when =
      entry.game === 'daily' ? `today's draw at ${settings.daily.drawTime} GMT` : `this week's draw (valid 7 days)`;
    return `${houseGame[entry.game].title} ticket ${ticket} (${paid} paid). You are in ${when}. Good luck!`;
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
