import { onAirMessages } from '@shared/on-air-messages';
import { INVALID_MOBILE_NUMBER, normalizeMobileNumber } from '@shared/phone';
import { ussdMessages } from '@shared/ussd';
import { drawCheckText } from '../draws';
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
