import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { FRAME_INTERVAL_MS, frameVerdict, type FrameVerdict } from '@shared/frame-budget';
import { db, isConditionFailure, tableName } from '../../../platform/dynamo';
import { keys } from '../../../platform/store/keys';
import { anonymousConnectionFields } from './connections';

/**
 * Each frame's spend of its connection's budget (shared/frame-budget.ts), kept
 * as `frameFullAt` in the connection's own item. In AWS every frame invokes
 * the ws Lambda, so the budget costs one write per frame and no read:
 * DynamoDB has no max(), so the two cases of `max(fullAt, now) + interval`
 * are two conditional updates, and the one that fits is tried first — a
 * quiet socket's bucket is full (`fullAt` past), a flooding one's owes
 * (`fullAt` ahead). This container's last sight of each connection picks
 * which; a wrong guess costs one failed condition, never a wrong count.
 *
 * The first frame of a socket with no record — an anonymous one, which
 * `$connect` does not write (./connections.ts saveConnection) — creates it:
 * a full bucket's spend writes the record's attributes where missing, so a
 * player's page pays one write for its record and its one subscribe frame
 * together (DESIGN section 10). A socket whose record was deleted because it
 * was closed (its session ended, its flood) is closed: a frame still in
 * flight from it makes it an anonymous record again, which reads only what
 * anyone may and is left to its TTL — never a staff socket again.
 */
const lastFullAt = new Map<string, number>();
/** Connections remembered per container: past this the guesses start again (a guess is only an order). */
const REMEMBERED = 10_000;

/** The frame's verdict; `connectedAt` (API Gateway's, on every event) dates a record the frame creates. */
export async function spendFrame(connectionId: string, now: number, connectedAt: number): Promise<FrameVerdict> {
  let owing = (lastFullAt.get(connectionId) ?? 0) >= now;
  // fullAt only grows, so after one failed guess the other case holds unless a parallel frame moved it: 3 tries
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const fullAt = await (owing ? fromOwing(connectionId, now) : fromFull(connectionId, now, connectedAt));
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

/** The bucket is full (`fullAt` past or never set, or no record yet: made here): it now owes one interval from now. */
function fromFull(connectionId: string, now: number, connectedAt: number): Promise<number | 'other case'> {
  const record = Object.entries(anonymousConnectionFields(connectionId, connectedAt));
  return conditionalUpdate(
    connectionId,
    `SET frameFullAt = :fullAt, ${record.map(([name]) => `${name} = if_not_exists(${name}, :${name})`).join(', ')}`,
    'attribute_not_exists(frameFullAt) OR frameFullAt < :now',
    {
      ':fullAt': now + FRAME_INTERVAL_MS,
      ':now': now,
      ...Object.fromEntries(record.map(([name, value]) => [`:${name}`, value])),
    },
  );
}

/** The bucket owes (`fullAt` now or ahead): it owes one interval more (no record: the other case, which makes it). */
function fromOwing(connectionId: string, now: number): Promise<number | 'other case'> {
  return conditionalUpdate(connectionId, 'SET frameFullAt = frameFullAt + :interval', 'frameFullAt >= :now', {
    ':interval': FRAME_INTERVAL_MS,
    ':now': now,
  });
}

async function conditionalUpdate(
  connectionId: string,
  update: string,
  condition: string,
  values: Record<string, number | string>,
): Promise<number | 'other case'> {
  try {
    const result = await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.connection(connectionId),
        UpdateExpression: update,
        ConditionExpression: condition,
        ExpressionAttributeValues: values,
        ReturnValues: 'UPDATED_NEW',
      }),
    );
    return result.Attributes?.frameFullAt as number;
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
    return 'other case';
  }
}
