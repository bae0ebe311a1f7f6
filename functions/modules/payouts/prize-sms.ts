import { formatMoneyShown } from '@shared/money';
import { oneSms, toGsm7 } from '../../integrations/sms/gsm7';
import { logger } from '../../platform/logger';
import { attemptSms, smsIdOf } from '../messages';
import type { Payout } from './store/payouts';
import type { NewSms } from '../messages';

/** The "prize paid" SMS (spec section 9: winners are told by SMS): one GSM-7 SMS, the title cut to fit (DESIGN section 8). */
export function prizePaidSmsText(payout: Pick<Payout, 'amountCents' | 'promotionTitle'>): string {
  const title = toGsm7(payout.promotionTitle).trim() || 'the raffle';
  return oneSms(
    (t) =>
      `Your prize of ${formatMoneyShown(payout.amountCents)} LRD from ${t} has been sent to your mobile money. Congratulations!`,
    title,
  );
}

/** The SMS a prize payout owes its winner once paid: one per payout (its id), however many confirmations race. */
export const prizePaidSms = (payout: Payout): NewSms => ({
  id: smsIdOf('prize-paid', payout.id),
  purpose: 'prize-paid',
  ref: payout.id,
  to: payout.msisdn,
  text: prizePaidSmsText(payout),
});

/**
 * Try the owed SMS now; it was stored with the payment, so a failure here
 * (gateway or store) is left to the SMS retry job and never touches the payout.
 */
export async function sendPrizePaidSms(sms: NewSms, now: Date): Promise<void> {
  try {
    await attemptSms(sms.id, now);
  } catch (error) {
    logger.warn('prize-paid SMS not attempted; the SMS job retries it', {
      smsId: sms.id,
      correlationId: sms.ref,
      error,
    });
  }
}
