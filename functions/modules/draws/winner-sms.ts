import { formatMoneyShown } from '@shared/money';
import { formatTicketNumber } from '@shared/ticket-number';
import { oneSms, toGsm7 } from '../../integrations/sms/gsm7';
import { logger } from '../../platform/logger';
import { deliverSms, smsIdOf } from '../messages';
import type { DrawRecord } from '../draw-records';

/**
 * The winner's SMS (spec section 9: winners are notified by SMS): one GSM-7 SMS, the title cut to fit. It
 * says we never ask for a PIN or a fee (fake prize messages do; its check code shows it is ours).
 */
export function winnerSmsText(record: DrawRecord): string {
  const ticket = formatTicketNumber(record.winnerTicket ?? '');
  const prize = formatMoneyShown(record.prizeLrdCents ?? 0);
  const title = toGsm7(record.promotionTitle).trim() || 'raffle';
  return oneSms(
    (t) =>
      `Congratulations! Ticket ${ticket} won ${prize} LRD in the ${t} draw, paid to you in 24h. We never ask for a PIN or a fee.`,
    title,
  );
}

/**
 * Tell the winner, after the draw committed, through the SMS retry path (a
 * gateway failure is retried by the job). Never undoes the draw: true when
 * the SMS went out now.
 */
export async function notifyWinner(record: DrawRecord, now: Date): Promise<boolean> {
  if (!record.winnerMsisdn) return false;
  try {
    const sms = {
      id: smsIdOf('winner', record.id),
      purpose: 'winner' as const,
      ref: record.id,
      to: record.winnerMsisdn,
      text: winnerSmsText(record),
    };
    return (await deliverSms(sms, now)) === 'sent';
  } catch (error) {
    logger.error('winner SMS not stored', { drawId: record.id, error });
    return false;
  }
}
