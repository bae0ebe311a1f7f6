import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { db, isConditionFailure, tableName } from '../../../platform/dynamo';
import { keys } from '../../../platform/store/keys';
import type { ItemChange } from '../../../platform/item-change';
import { UUID_V4 } from '../../../platform/ids';

/**
 * The sockets following a web entry's page (its live topic `entry/:id`,
 * DESIGN section 6), kept on the entry item itself: `watchers`, a set of
 * connection ids. A page's socket is added when it connects naming its entry
 * (`/ws?entry=<id>`) or subscribes to the topic, by ONE update of the entry —
 * no connection record, subscription item or index entry (issue 32: 3 write
 * units a web entry, now 1) — and the entry's own stream records then say
 * whom to tell: the new watchers its status as it is, every watcher a move.
 * A closed socket is not taken off (its $disconnect does not know the entry):
 * a post to it finds it gone. At most MAX_ENTRY_WATCHERS sockets: a page
 * reconnects a few times in an entry's minutes, never twenty.
 */
export const MAX_ENTRY_WATCHERS = 20;

export type WatchOutcome = 'added' | 'already' | 'full' | 'missing';

/** Add a socket to an entry's watchers; `missing` for an id no entry has. */
export async function watchEntry(entryId: string, connectionId: string): Promise<WatchOutcome> {
  if (!UUID_V4.test(entryId)) return 'missing';
  try {
    const result = await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.entry(entryId),
        UpdateExpression: 'ADD watchers :connection',
        ConditionExpression:
          'attribute_exists(pk) AND (attribute_not_exists(watchers) OR size(watchers) < :max OR contains(watchers, :id))',
        ExpressionAttributeValues: {
          ':connection': new Set([connectionId]),
          ':max': MAX_ENTRY_WATCHERS,
          ':id': connectionId,
        },
        ReturnValues: 'UPDATED_OLD',
        // refused: the entry as it is tells full from missing, with no second read
        ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
      }),
    );
    return watchersIn(result.Attributes).includes(connectionId) ? 'already' : 'added';
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
    return (error as { Item?: unknown }).Item ? 'full' : 'missing';
  }
}

/** Take a socket off an entry's watchers (one it never watched, or an id no entry has: nothing changes). */
export async function unwatchEntry(entryId: string, connectionId: string): Promise<void> {
  if (!UUID_V4.test(entryId)) return;
  try {
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.entry(entryId),
        UpdateExpression: 'DELETE watchers :connection',
        ConditionExpression: 'contains(watchers, :id)',
        ExpressionAttributeValues: { ':connection': new Set([connectionId]), ':id': connectionId },
      }),
    );
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
  }
}

/**
 * Whom a web entry's change must tell of its status: every watcher when its
 * status or ticket moved (pending → paid or failed, a late payment's
 * revival), else the sockets this change added (their first word of it).
 * A USSD entry has no page; any other item, nobody.
 */
export function entryWatchersToTell(change: ItemChange): { entryId: string; connectionIds: string[] } | undefined {
  const { oldImage: before, newImage: after } = change;
  if (!after || after.entity !== 'entry' || after.channel !== 'web' || typeof after.id !== 'string') return undefined;
  const now = watchersIn(after);
  const earlier = watchersIn(before);
  const moved = before !== undefined && (before.status !== after.status || before.ticketNumber !== after.ticketNumber);
  const connectionIds = moved ? now : now.filter((id) => !earlier.includes(id));
  return connectionIds.length > 0 ? { entryId: after.id, connectionIds } : undefined;
}

/** The connection ids an entry item keeps (a string set, unmarshalled as a Set). */
function watchersIn(item: Record<string, unknown> | undefined): string[] {
  const watchers = item?.watchers;
  return watchers instanceof Set ? [...watchers].filter((id): id is string => typeof id === 'string') : [];
}
