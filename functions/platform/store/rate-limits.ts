import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { db, isConditionFailure, queryAll, tableName } from '../dynamo';
import { epochSeconds, keys } from './keys';

/**
 * Rate limits (DESIGN section 7: "a limit answers 429 only when its count is
 * really over"): at most `limit` uses of a key in any `windowMs`.
 *
 * A window is counted in tenths: each tenth ("bucket") is one item holding a
 * counter. Taking a use first closes the previous bucket (a flag no later
 * write may pass, so a request that started in that tenth but writes late
 * moves on to the current one) and reads the earlier buckets — none of them
 * changes any more — then adds one to the current bucket with an atomic ADD
 * conditional on that bucket holding less than what the window has left.
 * The condition can fail only when the count really is at the limit (or the
 * bucket was closed: then the use is taken in the next one), so any number
 * of concurrent requests is decided exactly: never "limited" merely because
 * others wrote at the same moment. The counted span is the window plus the
 * part of its oldest tenth already past, so no stretch of `windowMs` ever
 * holds more than `limit` uses.
 */
export interface RateRule {
  scope: string;
  limit: number;
  windowMs: number;
}

const BUCKETS_PER_WINDOW = 10;

/** "At most 3 pending payment requests per mobile number per 10 minutes." */
export const PAYMENT_REQUESTS: RateRule = { scope: 'pay', limit: 3, windowMs: 10 * 60_000 };

/**
 * Ticket verification, per client address: after a draw is read on air, hundreds of players behind one carrier NAT
 * address check their tickets in the same minute. 300 a minute still keeps
 * a script from walking the ticket space (14 digits).
 */
export const TICKET_CHECKS: RateRule = { scope: 'verify', limit: 300, windowMs: 60_000 };

/** One use taken: what `releaseRateSlot` gives back. */
export interface RateSlot {
  rule: RateRule;
  key: string;
  bucket: number;
}

/** A key's uses in its window before the current bucket, read ahead of `takeRateSlot`. */
export interface RateCount {
  rule: RateRule;
  key: string;
  now: Date;
  earlier: number;
}

const bucketMs = (rule: RateRule) => rule.windowMs / BUCKETS_PER_WINDOW;
const bucketOf = (rule: RateRule, time: number) => Math.floor(time / bucketMs(rule));

/** The key of the bucket `now` falls in (tests count uses into it directly). */
export const rateBucketKey = (rule: RateRule, key: string, now: Date) =>
  keys.rateBucket(rule.scope, key, bucketOf(rule, now.getTime()));

/**
 * Read what the window already holds before the current bucket (the part
 * `takeRateSlot` does not condition on): the older buckets, and the
 * previous one as it is closed.
 */
export async function countRate(rule: RateRule, key: string, now: Date): Promise<RateCount> {
  const current = bucketOf(rule, now.getTime());
  const oldest = bucketOf(rule, now.getTime() - rule.windowMs);
  const [older, previous] = await Promise.all([
    queryAll({
      KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
      ExpressionAttributeValues: {
        ':pk': keys.rateLimit(rule.scope, key),
        ':from': keys.rateBucket(rule.scope, key, oldest).sk,
        ':to': keys.rateBucket(rule.scope, key, current - 2).sk,
      },
      ConsistentRead: true,
    }),
    db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.rateBucket(rule.scope, key, current - 1),
        UpdateExpression: 'SET closed = :yes, entity = :entity, expiresAt = :exp',
        ExpressionAttributeValues: { ':yes': true, ':entity': 'rateLimit', ':exp': expiryOf(rule, current - 1) },
        ReturnValues: 'ALL_NEW',
      }),
    ),
  ]);
  const earlier = [...older, previous.Attributes ?? {}].reduce(
    (sum, item) => sum + ((item.n as number | undefined) ?? 0),
    0,
  );
  return { rule, key, now, earlier };
}

/**
 * Take one use; undefined when the window already holds `limit` (the only
 * reason it refuses). `counted`: this key's `countRate` for the same `now`,
 * when read ahead with other items.
 */
export async function takeRateSlot(
  rule: RateRule,
  key: string,
  now: Date,
  counted?: RateCount,
): Promise<RateSlot | undefined> {
  const { earlier } = counted ?? (await countRate(rule, key, now));
  const room = rule.limit - earlier;
  if (room <= 0) return undefined;
  const bucket = bucketOf(rule, now.getTime());
  const Key = keys.rateBucket(rule.scope, key, bucket);
  try {
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key,
        UpdateExpression: 'ADD n :one SET entity = :entity, expiresAt = :exp',
        // the current bucket is the only one still written: this condition sees every use taken in it
        ConditionExpression: 'attribute_not_exists(closed) AND (attribute_not_exists(n) OR n < :room)',
        ExpressionAttributeValues: { ':one': 1, ':room': room, ':entity': 'rateLimit', ':exp': expiryOf(rule, bucket) },
      }),
    );
    return { rule, key, bucket };
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
  }
  const refusedBy = await db().send(new GetCommand({ TableName: tableName(), Key, ConsistentRead: true }));
  // a later request closed this tenth while this one was on its way: its use belongs to the next
  if (refusedBy.Item?.closed === true) return takeRateSlot(rule, key, new Date((bucket + 1) * bucketMs(rule)));
  return undefined;
}

const expiryOf = (rule: RateRule, bucket: number) =>
  epochSeconds(new Date((bucket + 1) * bucketMs(rule) + rule.windowMs));

/** Give a use back (a later limit refused the request it was taken for). */
export async function releaseRateSlot(slot: RateSlot): Promise<void> {
  await db().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: keys.rateBucket(slot.rule.scope, slot.key, slot.bucket),
      UpdateExpression: 'ADD n :minusOne',
      ConditionExpression: 'attribute_exists(n)',
      ExpressionAttributeValues: { ':minusOne': -1 },
    }),
  );
}
