import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { clock } from '../clock';
import { db, isConditionFailure, queryAll, tableName } from '../dynamo';
import { epochSeconds, keys } from './keys';

/**
 * Rate limits (DESIGN section 7: "a limit answers 429 only when its count is
 * really over"): at most `limit` uses of a key in any `windowMs`.
 *
 * A window is counted in tenths: each tenth ("bucket") is one item holding a
 * counter. Taking a use reads the earlier buckets — none of them changes any
 * more — then adds one to the current bucket with an atomic ADD conditional
 * on that bucket holding less than what the window has left. The condition
 * can fail only when the count really is at the limit, so any number of
 * concurrent requests is decided exactly: never "limited" merely because
 * others wrote at the same moment. The counted span is the window plus the
 * part of its oldest tenth already past, so no stretch of `windowMs` ever
 * holds more than `limit` uses.
 *
 * "None of them changes any more": a request that started in a tenth but
 * writes late must not add to that tenth after a later request counted it.
 * Two rules keep it so, writing as little as they can (DESIGN section 10:
 * every write here is a write per entry): a use is added to its tenth only
 * up to LATE_WRITE_MS after the tenth ended (a slower request counts afresh
 * in the tenth it is in); and a request in the first LATE_WRITE_MS × 2 of
 * its tenth, when the previous tenth may still be written, closes it — a
 * flag no later write may pass, written once (a tenth read as closed is not
 * closed again). Later in the tenth nothing is closed: no late write can
 * still come.
 */
export interface RateRule {
  scope: string;
  limit: number;
  windowMs: number;
}

const BUCKETS_PER_WINDOW = 10;

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
 * How late (after its tenth ended) a use may still be added to it; a request
 * in the first twice this of a tenth closes the previous one if it is open.
 */
const LATE_WRITE_MS = 1_000;

/**
 * Read what the window already holds before the current bucket (the part
 * `takeRateSlot` does not condition on): one consistent query of the
 * earlier buckets, and the previous one closed if a late use could still
 * reach it.
 */
export async function countRate(rule: RateRule, key: string, now: Date): Promise<RateCount> {
  const current = bucketOf(rule, now.getTime());
  const oldest = bucketOf(rule, now.getTime() - rule.windowMs);
  const previousKey = keys.rateBucket(rule.scope, key, current - 1);
  const held = await queryAll({
    KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
    ExpressionAttributeValues: {
      ':pk': keys.rateLimit(rule.scope, key),
      ':from': keys.rateBucket(rule.scope, key, oldest).sk,
      ':to': previousKey.sk,
    },
    ConsistentRead: true,
  });
  const uses = (item: Record<string, unknown> | undefined) => (item?.n as number | undefined) ?? 0;
  const older = held.filter((item) => item.sk !== previousKey.sk);
  let previous = held.find((item) => item.sk === previousKey.sk);
  const lateWritesPossible = now.getTime() - current * bucketMs(rule) < LATE_WRITE_MS * 2;
  if (lateWritesPossible && previous?.closed !== true) {
    const closed = await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: previousKey,
        UpdateExpression: 'SET closed = :yes, entity = :entity, expiresAt = :exp',
        ExpressionAttributeValues: { ':yes': true, ':entity': 'rateLimit', ':exp': expiryOf(rule, current - 1) },
        ReturnValues: 'ALL_NEW',
      }),
    );
    previous = closed.Attributes;
  }
  const earlier = older.reduce((sum, item) => sum + uses(item), uses(previous));
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
  // too late for its tenth (a later request may have counted it without closing it): counted afresh, as of now
  const late = clock.now();
  if (late.getTime() > (bucket + 1) * bucketMs(rule) + LATE_WRITE_MS) return takeRateSlot(rule, key, late);
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
