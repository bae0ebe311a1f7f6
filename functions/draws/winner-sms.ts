import { formatMoney } from '../../shared/money';
import { formatTicketNumber } from '../domain/ticket-number';
import { GSM7_SINGLE_SMS, gsm7Length } from '../integrations/sms/gsm7';
import { smsSender } from '../integrations/sms/sms-sender';
import { logger } from '../lib/logger';
import type { DrawRecord } from '../store/draws';

/** The winner's SMS (issue 6 item 5; spec section 9: winners are notified by SMS), kept to one message. */
export function winnerSmsText(record: DrawRecord): string {
  const ticket = formatTicketNumber(record.winnerTicket ?? '');
  const prize = formatMoney(record.prizeLrdCents ?? 0);
  const text = (title: string) =>
    `Congratulations! Ticket ${ticket} won ${prize} LRD in the ${title} draw. Prize paid to this number by mobile money within 24h.`;
  let title = record.promotionTitle.replace(/[^\x20-\x7e]/g, '').trim() || 'raffle';
  while (title.length > 1 && (gsm7Length(text(title)) ?? Infinity) > GSM7_SINGLE_SMS) title = title.slice(0, -1);
  return text(title.trim());
}

/** Tell the winner, after the draw committed. Best effort: a failed SMS is logged, never undoes the draw. */
export async function notifyWinner(record: DrawRecord, now: Date): Promise<boolean> {
  if (!record.winnerMsisdn) return false;
  try {
    await (await smsSender()).send(record.winnerMsisdn, winnerSmsText(record), now);
    return true;
  } catch (error) {
    logger.error('winner SMS not sent', { drawId: record.id, error: String(error) });
    return false;
  }
}
