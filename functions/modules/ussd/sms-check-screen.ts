import { formatGmtMoment } from '@shared/dates';
import { INVALID_MOBILE_NUMBER, maskMobileNumber, normalizeMobileNumber } from '@shared/phone';
import { ussdMessages } from '@shared/ussd';
import { checkSms, maskedSmsText } from '../messages';
import type { Step, UssdRequest } from './menu';

export type SmsCheckScreen = { kind: 'sms-check' };

/**
 * "Check an SMS" (DESIGN section 8): the check code at the end of an SMS
 * ("Ref 12345678") typed, the answer says whether we sent it, to whom
 * (the caller, or a number masked) and what it said (digits masked), so a
 * fake prize message is told from ours. A code we never sent is asked
 * again, naming both a typo and a fake; a read only, so safe on a replay.
 */
export async function smsCheckStep(input: string, last: boolean, request: UssdRequest): Promise<Step> {
  const msisdn = normalizeMobileNumber(request.phoneNumber);
  if (!msisdn) return { end: INVALID_MOBILE_NUMBER };
  if (!/^\d{8}$/.test(input)) return { wrong: ussdMessages.smsCodeBad };
  const found = await checkSms(input, msisdn);
  if (!found) return { wrong: ussdMessages.smsNotOurs(input) };
  if (!last) return { end: ussdMessages.sessionOver };
  const when = formatGmtMoment(found.sms.sentAt ?? found.sms.createdAt);
  const to = found.toCaller ? undefined : maskMobileNumber(found.sms.to);
  return { end: `${ussdMessages.smsOurs(input, when, to)}\n${maskedSmsText(found.sms)}` };
}
