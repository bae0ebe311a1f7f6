import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { FRAME_INTERVAL_MS, frameVerdict, type FrameVerdict } from '@shared/frame-budget';
import { db, isConditionFailure, tableName } from '../../../platform/dynamo';
import { keys } from '../../../platform/store/keys';

/**
 * Each frame's spend of its connection's budget (shared/frame-budget.ts), kept
 * as `frameFullAt` in the connection's own item. In AWS every frame invokes
 * the ws Lambda, so the budget costs one write per frame and no read:
 * DynamoDB has no max(), so the two cases of `max(fullAt, now) + interval`
 * are two conditional updates, and the one that fits is tried first — a
 * quiet socket's bucket is full (`fullAt` past), a flooding one's owes
 * (`fullAt` ahead). This container's last sight of each connection picks
 * which; a wrong guess costs one failed condition, never a wrong count.
 */
const lastFullAt = new Map<string, number>();
/** Connections remembered per container: past this the guesses start again (a guess is only an order). */
const REMEMBERED = 10_000;

/** The frame's verdict, or 'gone' when the connection has no record (closed, or its session ended). */
export async function spendFrame(connectionId: string, now: number): Promise<FrameVerdict | 'gone'> {
  let owing = (lastFullAt.get(connectionId) ?? 0) >= now;
  // fullAt only grows, so after one failed guess the other case holds unless a parallel frame moved it: 3 tries
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const fullAt = await (owing ? fromOwing(connectionId, now) : fromFull(connectionId, now));
    if (fullAt === 'gone') {
      lastFullAt.delete(connectionId);
      return 'gone';
    }
    if (fullAt !== 'other case') {
      if (lastFullAt.size >= REMEMBERED) lastFullAt.clear();
      lastFullAt.set(connectionId, fullAt);
      return frameVerdict(fullAt, now);
    }
    owing = !owing;
  }
  // unreachable in practice (the clock would have to run backwards between tries): let the frame through
  return 'allowed';
}

/** The bucket is full (`fullAt` past or never set): it now owes one interval from now. */
function fromFull(connectionId: string, now: number): Promise<number | 'gone' | 'other case'> {
  return conditionalUpdate(
    connectionId,
    'SET frameFullAt = :fullAt',
    'attribute_exists(pk) AND (attribute_not_exists(frameFullAt) OR frameFullAt < :now)',
    { ':fullAt': now + FRAME_INTERVAL_MS, ':now': now },
  );
}

/** The bucket owes (`fullAt` now or ahead): it owes one interval more. */
function fromOwing(connectionId: string, now: number): Promise<number | 'gone' | 'other case'> {
  return conditionalUpdate(
    connectionId,
    'SET frameFullAt = frameFullAt + :interval',
    'attribute_exists(pk) AND frameFullAt >= :now',
    { ':interval': FRAME_INTERVAL_MS, ':now': now },
  );
}

async function conditionalUpdate(
  connectionId: string,
  update: string,
  condition: string,
  values: Record<string, number>,
): Promise<number | 'gone' | 'other case'> {
  try {
    const result = await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.connection(connectionId),
        UpdateExpression: update,
        ConditionExpression: condition,
        ExpressionAttributeValues: values,
        ReturnValues: 'UPDATED_NEW',
        // a failed condition returns the item as it was: whether the connection exists costs no read
        ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
      }),
    );
    return result.Attributes?.frameFullAt as number;
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
    return (error as { Item?: unknown }).Item ? 'other case' : 'gone';
  }
}
