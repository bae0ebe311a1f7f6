import { USSD_NETWORK_CODES, type UssdServer } from '@shared/ussd';
import { networkOf } from '@shared/phone';

/** At most this many inputs of one session are read: a USSD session is short, and each may cost a lookup. */
const MAX_SESSION_INPUTS = 24;

/**
 * What the player has keyed this session, in order (Africa's Talking,
 * DESIGN section 8): `text` holds every input joined by `*`, the digits
 * dialled after the base code (`*384*2024*123#` → `123`) first. A gateway
 * that puts them in `serviceCode` instead (`*384*2024*123#`) is read the
 * same way; the base code itself is never an input.
 */
export function sessionInputs(request: { serviceCode: string; text: string }, baseCode: string): string[] {
  const base = baseCode.trim().replace(/#$/, '');
  const dialled = request.serviceCode.trim().replace(/#$/, '');
  const extra = dialled.startsWith(`${base}*`) ? dialled.slice(base.length + 1).split('*') : [];
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
