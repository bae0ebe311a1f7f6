import type { LookupKey } from '@shared/api/schemas/support';
import { normalizeMobileNumber } from '@shared/phone';
import { entryOfTicket, getEntry, parseTicketNumber } from '../entries';

/** Entry ids and provider references are UUIDs (the entry's id is its payment's X-Reference-Id). */
export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The mobile number a support look-up names, by one of four keys: the number
 * itself; a ticket number (its ticket item names the entry holding it); an entry id; or
 * the provider's transaction reference — the X-Reference-Id the product sent
 * MTN MoMo or Orange Money, which is the entry's id, so it costs no index
 * and no write. Each is one or two reads by key. Undefined: no such player.
 */
export async function numberOf(by: LookupKey, query: string): Promise<string | undefined> {
  const q = query.trim();
  if (by === 'mobile') return normalizeMobileNumber(q) ?? undefined;
  if (by === 'ticket') {
    const ticket = parseTicketNumber(q);
    return ticket ? (await entryOfTicket(ticket))?.msisdn : undefined;
  }
  if (!UUID.test(q)) return undefined;
  return (await getEntry(q.toLowerCase()))?.msisdn;
}
