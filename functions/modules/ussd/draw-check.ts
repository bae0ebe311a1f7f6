import { onAirMessages } from '@shared/on-air-messages';
import { INVALID_MOBILE_NUMBER, normalizeMobileNumber } from '@shared/phone';
import { ussdMessages } from '@shared/ussd';
import { drawCheckText } from '../draws';
import { oweSms, smsIdOf } from '../messages';
import type { Step, UssdRequest } from './menu';

/**
 * "Check a draw" (issue 36): a listener types the draw code heard on air and hears back the game,
 * its entries and close, whether the caller's own tickets were in it, and the winner's masked number
 * once drawn — the same facts as `/d/<code>` and the `DRAW <code>` SMS.
 */
export const drawCheckItem = {
  label: onAirMessages.ussdItem,
  choose: (): Step => ({ open: { kind: 'draw' } }),
};

export const drawCheckPrompt = onAirMessages.enterCode;

export async function drawCheckStep(input: string, last: boolean, request: UssdRequest): Promise<Step> {
  if (!last) return { end: ussdMessages.sessionOver };
  const msisdn = normalizeMobileNumber(request.phoneNumber);
  if (!msisdn) return { end: INVALID_MOBILE_NUMBER };
  return { end: await drawCheckText(input, msisdn, request.now) };
}

/** The `DRAW <code>` keyword of an inbound SMS, or undefined for any other message. */
function drawKeywordCode(text: string): string | undefined {
  const match = /^\s*DRAW\b\s*(.*)$/i.exec(text);
  return match ? match[1]!.trim() : undefined;
}

/**
 * An inbound SMS (Africa's Talking's incoming-message callback): `DRAW <code>` is answered by SMS with
 * the draw's facts; anything else with how to ask. The answer is owed (sent by the SMS job, as every
 * SMS a function without provider access owes); AT's own message id makes a redelivered callback owe nothing new.
 */
export async function answerInboundSms(
  sms: { from: string; text: string; id: string },
  now: Date,
): Promise<'answered' | 'ignored'> {
  const msisdn = normalizeMobileNumber(sms.from);
  if (!msisdn || !/^[A-Za-z0-9_-]{1,80}$/.test(sms.id)) return 'ignored';
  const code = drawKeywordCode(sms.text);
  const text = code === undefined ? onAirMessages.smsHelp : await drawCheckText(code, msisdn, now);
  const ref = `${msisdn}-${sms.id}`;
  await oweSms({ id: smsIdOf('draw-check', ref), purpose: 'draw-check', ref, to: msisdn, text }, now);
  return 'answered';
}
