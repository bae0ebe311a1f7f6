import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from '../../../platform/dynamo';
import { batchWriteAll } from '../../../platform/store/batch-write';
import { queryShards } from '../../../platform/store/sharded-query';
import { keys } from '../../../platform/store/keys';
import type { Entry } from './entries';

/**
 * The marks of payments still open (DESIGN section 8: callbacks may never
 * come), one small item per entry, sharded by its id:
 *
 *   PENDINGPAY#<shard> / <createdAt>#<entryId>   {entryId}
 *
 * written with the entry (./entries.ts putPendingEntry, in the same batch
 * write), deleted when it is paid (after its settling transaction, a batch
 * at a time) or fails; a revived late payment is marked again.
 * Reconciliation, the stuck-payments notice and the support desk read the
 * oldest. A mark outliving its entry's outcome (a settler stopped between
 * its transaction and the delete) is harmless: its reader finds the entry no
 * longer pending, and reconciliation deletes it (DESIGN section 10: 2 write
 * units an entry, where the entry's own index entry cost 3, its leaving
 * billed double inside the settling transaction).
 */

type Marked = Pick<Entry, 'id' | 'createdAt'>;

/** The mark of an entry's open payment, as an item. */
export const pendingMark = (entry: Marked) => ({
  ...keys.pendingPayment(entry.id, entry.createdAt),
  entity: 'pendingPayment',
  entryId: entry.id,
});

/** Mark an entry's payment open again (a late success revived it). */
export async function markPending(entry: Marked): Promise<void> {
  await db().send(new PutCommand({ TableName: tableName(), Item: pendingMark(entry) }));
}

/** The entries' payments have their outcome: their marks go, in batch writes. */
export async function unmarkPending(entries: readonly Marked[]): Promise<void> {
  await batchWriteAll(entries.map((entry) => ({ delete: keys.pendingPayment(entry.id, entry.createdAt) })));
}

/** Entries marked open that were created before `cutoff`, the `limit` oldest first (every shard; never a scan). */
export async function pendingEntriesBefore(cutoff: Date, limit = 500): Promise<string[]> {
  const items = await queryShards(
    keys.pendingPayments,
    (partition) => ({
      KeyConditionExpression: 'pk = :pk AND sk < :cutoff',
      ExpressionAttributeValues: { ':pk': partition, ':cutoff': cutoff.toISOString() },
      ProjectionExpression: 'entryId, sk',
    }),
    'sk',
    limit,
  );
  return items.map((item) => item.entryId as string);
}
