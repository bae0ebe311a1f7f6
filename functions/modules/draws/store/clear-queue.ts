import { DeleteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { db, isConditionFailure, queryAll, tableName, type TransactItem } from '../../../platform/dynamo';
import type { Assignment, WindowClear } from '../../catalog';
import { keys, withoutKeys } from '../../../platform/store/keys';

/**
 * The clears whose players are still to be told, or refunded (DESIGN section 4 "Clear draw"; section 8: a
 * request makes no call it cannot finish in its Lambda's time). A clear's close writes one item in its own
 * transaction, so a committed clear is never forgotten; the finish-clears job (functions/modules/draws/finish-clears.ts)
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
  /** Seqs 1..done were each taken by a run: the next run starts after them. */
  done?: number;
  /** Seqs among 1..done whose ticket failed (a step threw): the next run takes them first. */
  retry?: number[];
}

/** Where a clear's runs have got to (`QueuedClear.done` and `retry`). */
export type ClearProgress = Required<Pick<QueuedClear, 'done' | 'retry'>>;

/** The queue item a clear's close writes beside it (modules/draws/store/window-close.ts). */
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
 * How far a clear's runs have got: the next run takes `retry` first, then the seqs after `done`. Only
 * while it is queued, and never back to an earlier `done` (two runs side by side may both report: each
 * one's `retry` holds every ticket it took and did not finish, so either report will do).
 */
export async function recordClearProgress(
  clear: Pick<QueuedClear, 'queuedAt' | 'assignmentId' | 'windowNo'>,
  progress: ClearProgress,
): Promise<void> {
  try {
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.queuedClear(clear.queuedAt, clear.assignmentId, clear.windowNo),
        UpdateExpression: 'SET done = :done, retry = :retry',
        ConditionExpression: 'attribute_exists(pk) AND (attribute_not_exists(done) OR done <= :done)',
        ExpressionAttributeValues: { ':done': progress.done, ':retry': progress.retry },
      }),
    );
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
  }
}
