import { messages } from '@shared/messages';
import { smsIdOf, oweSms } from '../messages';
import { refuseNotAllowed, type Refusal } from '../../platform/refusal';

/** The details of one number's refusal go to it at most this often: a stranger cannot flood it with SMS. */
const DETAILS_SMS_EVERY_MS = 60 * 60_000;

/**
 * A refusal because of the number's own standing (self-exclusion, daily
 * spending limit). DESIGN section 7: a refusal never tells a stranger about
 * another number. On USSD the phone proves the number, so its screen names
 * the reason; the web form could be typed by anyone, so the page says only
 * that this number cannot play now, and the reason is owed by SMS to the
 * number itself (the retry job sends it).
 */
export async function refuseStanding(
  channel: 'web' | 'ussd',
  msisdn: string,
  detail: string,
  onUssd: (message: string) => Refusal,
  now: Date,
): Promise<Refusal> {
  if (channel === 'ussd') return onUssd(detail);
  const ref = `${msisdn}-${Math.floor(now.getTime() / DETAILS_SMS_EVERY_MS)}`;
  await oweSms({ id: smsIdOf('play-refused', ref), purpose: 'play-refused', ref, to: msisdn, text: detail }, now);
  return refuseNotAllowed(messages.responsiblePlay.cannotPlayNow);
}
