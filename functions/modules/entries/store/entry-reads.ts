import { recentEntryIdsOf } from '../../players';
import { batchGetAll, keyId } from '../../../platform/dynamo';
import { keys, withoutKeys } from '../../../platform/store/keys';
import { getEntry, toEntry, type Entry } from './entries';
import { entryIdOfTicket } from './tickets';

/** Reads of entries beyond one by id (./entries.ts): batches, a ticket's, a number's latest. */

/** Entries by id, read in batches (a house draw's late tail: functions/modules/draws/late-tail.ts). */
export async function getEntries(ids: readonly string[]): Promise<Map<string, Entry>> {
  const found = await batchGetAll(
    ids.map((id) => keys.entry(id)),
    { consistent: true },
  );
  return new Map(
    ids.flatMap((id) => {
      const item = found.get(keyId(keys.entry(id)));
      return item ? [[id, toEntry(item)] as const] : [];
    }),
  );
}

/** The mobile numbers of entries, by entry id (a report's drill-down names each stake's payer). */
export async function msisdnsOf(ids: readonly string[]): Promise<Map<string, string>> {
  const found = await batchGetAll(
    ids.map((id) => keys.entry(id)),
    { projection: 'msisdn' },
  );
  return new Map(
    ids.flatMap((id) => {
      const item = found.get(keyId(keys.entry(id)));
      return item ? [[id, item.msisdn as string] as const] : [];
    }),
  );
}

/** The entry whose ticket this number is: the one it was reserved for, if that entry holds it (./tickets.ts). */
export async function entryOfTicket(ticketNumber: string): Promise<Entry | undefined> {
  const entryId = await entryIdOfTicket(ticketNumber);
  const entry = entryId ? await getEntry(entryId) : undefined;
  return entry?.ticketNumber === ticketNumber ? entry : undefined;
}

/** The number's newest entries, newest first (its days' entry ids, then the entries in one batch). */
export async function recentEntriesOf(msisdn: string, limit: number): Promise<Entry[]> {
  const ids = await recentEntryIdsOf(msisdn, limit);
  const found = await batchGetAll(ids.map((id) => keys.entry(id)));
  return ids.flatMap((id) => {
    const item = found.get(keyId(keys.entry(id)));
    return item ? [withoutKeys<Entry>(item)] : [];
  });
}
