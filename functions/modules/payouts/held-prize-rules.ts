import { formatMoneyShown } from '@shared/money';
import { nationalNumber } from '@shared/phone';
import { oneSms } from '../../integrations/sms/gsm7';
import { config } from '../../platform/config';
import type { TransactItem } from '../../platform/dynamo';
import { getContact } from '../catalog';
import { getDraw } from '../draw-records';
import { logger } from '../../platform/logger';
import { attemptSms, owedSmsPut, smsIdOf, type NewSms } from '../messages';
import { heldDrawUpdate } from './store/held-prizes';
import type { Payout } from './store/payouts';

/**
 * Which failed prize payouts are held for a claim rather than retried
 * (issue 36 part 4): the check before paying found the number cannot be
 * paid however often we try — no provider we pay serves it (NO_PROVIDER),
 * or it has no active wallet (PAYEE_NOT_ACTIVE). Anything else (a transfer
 * the provider failed, PAYEE_NOT_FOUND included, the provider down, our
 * float low) is retried on the backoff as before.
 */
const UNPAYABLE: ReadonlySet<string> = new Set(['NO_PROVIDER', 'PAYEE_NOT_ACTIVE']);

export const isUnpayable = (reason: string): boolean => UNPAYABLE.has(reason);

/** When a prize held `now` can last be claimed: PRIZE_CLAIM_DAYS after it could not be paid. */
const claimDeadlineOf = (now: Date): string =>
  new Date(now.getTime() + config.prizeClaimDays() * 86_400_000).toISOString();

/**
 * The "how to claim" SMS: one GSM-7 SMS, the title cut to fit (DESIGN
 * section 8); it names the number to call when the settings give one.
 */
function prizeHeldSmsText(
  prize: Pick<Payout, 'amountCents' | 'promotionTitle'>,
  deadline: string,
  phone: string | null,
): string {
  const by = deadline.slice(0, 10);
  const call = phone ? `call ${nationalNumber(phone)}` : 'call us';
  return oneSms(
    (title) =>
      `Your prize of ${formatMoneyShown(prize.amountCents)} LRD from ${title || 'the raffle'} could not be sent to your mobile money. To claim it by ${by}, ${call} with your ID and ticket.`,
    prize.promotionTitle,
  );
}

/**
 * The writes that hold a prize whose payout could not be made: the draw to
 * PRIZEHELD with its claim deadline and, the first time only, the SMS telling
 * the winner how to claim. A claimed prize that fails again keeps its first
 * deadline (a claim never extends it) and is told nothing new.
 */
export async function holdWrites(
  payout: Payout,
  reason: string,
  now: Date,
): Promise<{ items: TransactItem[]; sms?: NewSms }> {
  const draw = await getDraw(payout.drawId!);
  if (!draw) throw new Error(`prize payout ${payout.id} names a missing draw ${payout.drawId}`);
  if (draw.claimDeadline)
    return { items: [heldDrawUpdate(draw.id, payout.id, reason, now.toISOString(), draw.claimDeadline)] };
  const deadline = claimDeadlineOf(now);
  const { phone } = await getContact();
  const sms: NewSms = {
    id: smsIdOf('prize-held', draw.id),
    purpose: 'prize-held',
    ref: draw.id,
    to: draw.winnerMsisdn!,
    text: prizeHeldSmsText(payout, deadline, phone),
  };
  const hold = heldDrawUpdate(draw.id, payout.id, reason, now.toISOString(), deadline);
  return { items: [hold, owedSmsPut(sms, now)], sms };
}

/**
 * Try the "how to claim" SMS now; it was owed with the hold, so a failure here
 * (gateway or store) is left to the SMS retry job and never touches the prize.
 */
export async function tellHeldWinner(sms: NewSms, now: Date): Promise<void> {
  try {
    await attemptSms(sms.id, now);
  } catch (error) {
    logger.warn('prize-held SMS not attempted; the SMS job retries it', {
      smsId: sms.id,
      correlationId: sms.ref,
      error,
    });
  }
}
