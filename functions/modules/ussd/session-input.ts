import { USSD_NETWORK_CODES, type UssdDigitsIn, type UssdServer } from '@shared/ussd';
import { networkOf } from '@shared/phone';

/** At most this many inputs of one session are read: a USSD session is short, and each may cost a lookup. */
const MAX_SESSION_INPUTS = 24;

/**
 * What the player has keyed this session, in order (DESIGN section 8):
 * `text` holds every input joined by `*`. The digits dialled after the
 * gateway's base code come first, read from the one place the gateway is
 * configured to put them (`digitsIn`): in `text` (Africa's Talking:
 * `*384*2024*123#` → text `123`), or appended to `serviceCode`
 * (`*384*2024*123#`, text holding only what was typed after). Never both: a
 * digit in both places would count twice and skip a screen (the price).
 */
export function sessionInputs(request: {
  serviceCode: string;
  text: string;
  baseCode: string;
  digitsIn: UssdDigitsIn;
}): string[] {
  const base = request.baseCode.trim().replace(/#$/, '');
  const dialled = request.serviceCode.trim().replace(/#$/, '');
  const extra =
    request.digitsIn === 'serviceCode' && dialled.startsWith(`${base}*`)
      ? dialled.slice(base.length + 1).split('*')
      : [];
  const typed = request.text === '' ? [] : request.text.split('*');
  return [...extra, ...typed].map((input) => input.trim()).slice(0, MAX_SESSION_INPUTS);
}

/**
 * The player's network: the gateway's `networkCode` says it (one channel
 * may serve both networks), else the number's prefix, else the gateway's own.
 */
export function playerNetwork(networkCode: string, msisdn: string, gateway: UssdServer): UssdServer {
  return USSD_NETWORK_CODES[networkCode.trim()] ?? networkOf(msisdn) ?? gateway;
}
