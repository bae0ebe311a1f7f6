import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { db, isConditionFailure, queryAll, tableName } from '../../../platform/dynamo';
import { config } from '../../../platform/config';
import { keys } from '../../../platform/store/keys';

/**
 * The failed entries the provider is asked about again (DESIGN section 4:
 * reconciliation sweeps what the product cannot see — a debit failed too
 * early, with no callback to tell). A failed entry stays in this sparse
 * index (gsi1, sorted by when it is next due) for RECHECK_WINDOW_MS after it
 * was requested, asked at growing intervals; a late success takes it out
 * (revived into the pending index, or refunded).
 */
export const RECHECK_WINDOW_MS = 48 * 60 * 60_000;

/**
 * After failing, then after each unfruitful check: 5 min, 15 min, 1 h, 3 h, then every 6 h — multiples of the
 * first wait, which a local bench may shorten (UNPAID_RECHECK_MS).
 */
const RECHECK_MULTIPLES = [1, 3, 12, 36, 72];

const recheckDelayMs = (checks: number): number =>
  config.localMs('UNPAID_RECHECK_MS', 5 * 60_000) * RECHECK_MULTIPLES[Math.min(checks, RECHECK_MULTIPLES.length - 1)]!;

/** The index values (`:recheckIndex`, `:recheckSort`) of an entry next due `checks` checks after `at`. */
export function recheckIndex(
  id: string,
  at: Date,
  checks: number,
): { ':recheckIndex': string; ':recheckSort': string } {
  const due = new Date(at.getTime() + recheckDelayMs(checks)).toISOString();
  return { ':recheckIndex': keys.unpaidRecheck, ':recheckSort': `${due}#${id}` };
}

/** Failed entries due to be asked again by `now`, oldest due first (GSI1; never a scan). */
export async function dueRechecks(now: Date, limit: number): Promise<string[]> {
  const items = await queryAll(
    {
      IndexName: 'gsi1',
      KeyConditionExpression: 'gsi1pk = :pk AND gsi1sk < :now',
      ExpressionAttributeValues: { ':pk': keys.unpaidRecheck, ':now': now.toISOString() },
      ProjectionExpression: 'id',
    },
    limit,
  );
  return items.map((item) => item.id as string);
}

/** Asked and still unpaid: due again later (`checks` so far), or (`undefined`) out of the index for good. */
export async function nextRecheck(id: string, now: Date, checks: number | undefined): Promise<void> {
  const keep = checks !== undefined;
  try {
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.entry(id),
        UpdateExpression: keep
          ? 'SET gsi1pk = :recheckIndex, gsi1sk = :recheckSort, rechecks = :checks'
          : 'REMOVE gsi1pk, gsi1sk',
        // only while it is a failed entry in this index: a revived one is in the pending index now
        ConditionExpression: '#status = :failed AND gsi1pk = :index',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: {
          ':failed': 'failed',
          ':index': keys.unpaidRecheck,
          ...(keep ? { ...recheckIndex(id, now, checks), ':checks': checks } : {}),
        },
      }),
    );
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
  }
}
