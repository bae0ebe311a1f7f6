import { DeleteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { db, isConditionFailure, queryAll, tableName, type TransactItem } from '../lib/dynamo';
import type { Assignment, WindowClear } from './assignments';
import { keys, withoutKeys } from './keys';

/**
 * The clears whose players are still to be told, or refunded (DESIGN section 4 "Clear draw"; section 8: a
 * request makes no call it cannot finish in its Lambda's time). A clear's close writes one item in its own
 * transaction, so a committed clear is never forgotten; the finish-clears job (functions/jobs/finish-clears.ts)
 * refunds and tells its players a bounded number at a time, and deletes the item once every one is done.
 */
export interface QueuedClear extends WindowClear {
  assignmentId: string;
  promotionId: string;
  /** Whose shares a refund takes back (the partner's and its announcers'). */
  partnerId: string;
  /** Who cleared (staff user id): the refund payouts name them. */
  requestedBy: string;
  queuedAt: string;
  /** How many of its entries (seqs 1..done) are finished: the next run starts after them. */
  done?: number;
}

/** The queue item a clear's close writes beside it (store/window-close.ts). */
export function queuedClearPut(
  assignment: Pick<Assignment, 'id' | 'promotionId' | 'partnerId'>,
  clear: WindowClear,
  requestedBy: string,
  queuedAt: string,
): TransactItem {
  const item: QueuedClear = {
    ...clear,
    assignmentId: assignment.id,
    promotionId: assignment.promotionId,
    partnerId: assignment.partnerId,
    requestedBy,
    queuedAt,
  };
  return {
    Put: {
      TableName: tableName(),
      Item: { ...keys.queuedClear(queuedAt, assignment.id, clear.windowNo), entity: 'queuedClear', ...item },
    },
  };
}

/** The oldest `limit` queued clears. */
export async function listQueuedClears(limit: number): Promise<QueuedClear[]> {
  const items = await queryAll(
    {
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': keys.clearQueue },
      ConsistentRead: true,
    },
    limit,
  );
  return items.map((item) => withoutKeys<QueuedClear>(item));
}

/** Every player of this clear is told (and refunded): it leaves the queue. Deleting it twice is harmless. */
export async function dequeueClear(clear: Pick<QueuedClear, 'queuedAt' | 'assignmentId' | 'windowNo'>): Promise<void> {
  await db().send(
    new DeleteCommand({
      TableName: tableName(),
      Key: keys.queuedClear(clear.queuedAt, clear.assignmentId, clear.windowNo),
    }),
  );
}

/**
 * Seqs 1..`done` of this clear are finished: the next run starts after them. Only forward, and only while
 * it is queued (two runs side by side may both report; the further one stands).
 */
export async function recordClearProgress(
  clear: Pick<QueuedClear, 'queuedAt' | 'assignmentId' | 'windowNo'>,
  done: number,
): Promise<void> {
  try {
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.queuedClear(clear.queuedAt, clear.assignmentId, clear.windowNo),
        UpdateExpression: 'SET done = :done',
        ConditionExpression: 'attribute_exists(pk) AND (attribute_not_exists(done) OR done < :done)',
        ExpressionAttributeValues: { ':done': done },
      }),
    );
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
  }
}
