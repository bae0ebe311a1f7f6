import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import { clock } from '../clock';
import { batchGetAll, db, isConditionFailure, keyId, tableName } from '../dynamo';
import { epochSeconds, keys } from './keys';

/**
 * Rate limits (DESIGN section 7: "a limit answers 429 only when its count is
 * really over"): at most `limit` uses of a key in any `windowMs`.
 *
 * ONE item per key holds its window, counted in tenths: the tenth it is at
 * (`b`), the uses of each of the last eleven tenths (`c<tenth mod 11>`) and
 * their `total` — the window plus the part of its oldest tenth already past,
 * so no stretch of `windowMs` ever holds more than `limit` uses. Taking a use
 * is one conditional write: in the tenth the item is at, one more for that
 * tenth and the total while the total is under the limit; in a later tenth,
 * the item moves to it — the slots of tenths older than the window reset, and
 * the total moves by what they held — conditional on the tenth and those
 * slots as read (uses added to the item's tenth meanwhile stay counted). A
 * write refused by its condition reads the item as it was (in the same
 * request) and decides again, so any number of concurrent requests is decided
 * exactly — never "limited" merely because others wrote at the same moment —
 * and a request late for its tenth counts in the tenth the item is at: no
 * tenth counted already takes a late use, and nothing else is ever written
 * (DESIGN section 10: every write here is a write per entry).
 */
export interface RateRule {
  scope: string;
  limit: number;
  windowMs: number;
}

const BUCKETS_PER_WINDOW = 10;
/** The tenths a window's count spans: its ten and the one its start falls in. */
const RING = BUCKETS_PER_WINDOW + 1;

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

/** A key's window as stored. */
interface Window {
  bucket: number;
  counts: number[];
  total: number;
}

/** A key's window as read ahead of `takeRateSlot` (undefined: no use yet). */
export interface RateCount {
  rule: RateRule;
  key: string;
  now: Date;
  window: Window | undefined;
}

const bucketMs = (rule: RateRule) => rule.windowMs / BUCKETS_PER_WINDOW;
const bucketOf = (rule: RateRule, time: number) => Math.floor(time / bucketMs(rule));
/** The attribute holding a tenth's uses (tests count uses into it directly: test/support/stored-state.ts). */
export const rateCountName = (bucket: number) => `c${bucket % RING}`;

/** The item holding a key's window. */
export const rateWindowKey = (rule: RateRule, key: string) => keys.rateWindow(rule.scope, key);

function windowOf(item: Record<string, unknown> | undefined): Window | undefined {
  if (!item || typeof item.b !== 'number') return undefined;
  return {
    bucket: item.b,
    counts: Array.from({ length: RING }, (_, i) => Number(item[`c${i}`] ?? 0)),
    total: Number(item.total ?? 0),
  };
}

/** Read a key's window (one consistent read), ahead of `takeRateSlot` and beside the request's other reads. */
export async function countRate(rule: RateRule, key: string, now: Date): Promise<RateCount> {
  const [count] = await countRates([{ rule, key }], now);
  return count!;
}

/** Read several keys' windows at once, in one consistent batch read. */
export async function countRates(
  limits: ReadonlyArray<{ rule: RateRule; key: string }>,
  now: Date,
): Promise<RateCount[]> {
  const itemKeys = limits.map(({ rule, key }) => rateWindowKey(rule, key));
  const found = await batchGetAll(itemKeys, { consistent: true });
  return limits.map(({ rule, key }, i) => ({ rule, key, now, window: windowOf(found.get(keyId(itemKeys[i]!))) }));
}

/** Writes decided against a window that others keep changing, before the request gives up (as a database error). */
const MAX_TRIES = 20;

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
  let window = counted ? counted.window : (await countRate(rule, key, now)).window;
  for (let tries = 0; tries < MAX_TRIES; tries += 1) {
    // the tenth it is now (a request that came late counts as of now), or the item's if another clock is ahead
    const at = Math.max(now.getTime(), clock.now().getTime());
    const bucket = Math.max(bucketOf(rule, at), window?.bucket ?? 0);
    const moved = window === undefined || bucket > window.bucket ? movedOn(window, bucket) : undefined;
    if ((moved ?? window!).total >= rule.limit) return undefined;
    try {
      await db().send(
        new UpdateCommand({
          ...(moved ? moveTo(rule, key, bucket, window, moved) : addTo(rule, key, bucket)),
          ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
        }),
      );
      return { rule, key, bucket };
    } catch (error) {
      if (!isConditionFailure(error)) throw error;
      const item = (error as { Item?: Record<string, AttributeValue> }).Item;
      window = windowOf(item ? unmarshall(item) : undefined);
    }
  }
  throw new Error(`rate limit ${rule.scope} for ${key}: the window kept changing`);
}

/**
 * The window moved on to `bucket`: the ring's slots of the tenths after the item's (they hold tenths older than the
 * span) reset, and what they held leaves the total. Its uses then, as read.
 */
function movedOn(window: Window | undefined, bucket: number): { stale: number[]; total: number } {
  if (!window) return { stale: [], total: 0 };
  const stale = Array.from(
    { length: Math.min(bucket - window.bucket, RING) },
    (_, i) => (window.bucket + 1 + i) % RING,
  );
  return { stale, total: window.total - stale.reduce((sum, slot) => sum + window.counts[slot]!, 0) };
}

const expiryOf = (rule: RateRule, bucket: number) =>
  epochSeconds(new Date((bucket + 1) * bucketMs(rule) + rule.windowMs));

/** One more use in the tenth the window is at, while it holds fewer than the limit. */
function addTo(rule: RateRule, key: string, bucket: number) {
  return {
    TableName: tableName(),
    Key: rateWindowKey(rule, key),
    UpdateExpression: 'ADD #count :one, #total :one SET expiresAt = :exp',
    ConditionExpression: 'b = :bucket AND #total < :limit',
    ExpressionAttributeNames: { '#count': rateCountName(bucket), '#total': 'total' },
    ExpressionAttributeValues: { ':one': 1, ':bucket': bucket, ':limit': rule.limit, ':exp': expiryOf(rule, bucket) },
  };
}

/**
 * The window moved on to `bucket`, with this use in it. Conditional on the item still being at the tenth read and
 * on the slots it resets holding what was read (a use given back there would otherwise leave the total twice), not
 * on the rest: uses added to the item's tenth meanwhile stay, as the total moves by a difference. The first use of a
 * key makes its item.
 */
function moveTo(
  rule: RateRule,
  key: string,
  bucket: number,
  from: Window | undefined,
  { stale, total }: { stale: number[]; total: number },
) {
  const common = { TableName: tableName(), Key: rateWindowKey(rule, key) };
  const slot = bucket % RING;
  if (!from) {
    const counts = Array.from({ length: RING }, (_, i) => (i === slot ? 1 : 0));
    return {
      ...common,
      UpdateExpression: `SET b = :bucket, #total = :one, entity = :entity, expiresAt = :exp, ${counts
        .map((_, i) => `c${i} = :c${i}`)
        .join(', ')}`,
      ConditionExpression: 'attribute_not_exists(pk)',
      ExpressionAttributeNames: { '#total': 'total' },
      ExpressionAttributeValues: {
        ':bucket': bucket,
        ':one': 1,
        ':entity': 'rateLimit',
        ':exp': expiryOf(rule, bucket),
        ...Object.fromEntries(counts.map((n, i) => [`:c${i}`, n])),
      },
    };
  }
  // what the total moves by: the reset slots' uses leave it, this use joins it
  const delta = 1 - (from.total - total);
  return {
    ...common,
    UpdateExpression: `SET b = :bucket, #total = #total + :delta, expiresAt = :exp, ${stale
      .map((i) => `c${i} = ${i === slot ? ':one' : ':zero'}`)
      .join(', ')}`,
    ConditionExpression: `b = :read AND #total <= :most AND ${stale.map((i) => `c${i} = :was${i}`).join(' AND ')}`,
    ExpressionAttributeNames: { '#total': 'total' },
    ExpressionAttributeValues: {
      ':bucket': bucket,
      ':delta': delta,
      ':exp': expiryOf(rule, bucket),
      ':one': 1,
      ...(stale.length > 1 ? { ':zero': 0 } : {}),
      ':read': from.bucket,
      // the total after the move may reach the limit, not pass it
      ':most': rule.limit - delta,
      ...Object.fromEntries(stale.map((i) => [`:was${i}`, from.counts[i]!])),
    },
  };
}

/** Give a use back (a later limit refused the request it was taken for), if its tenth is still in the window. */
export async function releaseRateSlot(slot: RateSlot): Promise<void> {
  try {
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: rateWindowKey(slot.rule, slot.key),
        UpdateExpression: 'ADD #count :minusOne, #total :minusOne',
        ConditionExpression: 'b BETWEEN :bucket AND :last AND #count > :zero',
        ExpressionAttributeNames: { '#count': rateCountName(slot.bucket), '#total': 'total' },
        ExpressionAttributeValues: {
          ':minusOne': -1,
          ':zero': 0,
          ':bucket': slot.bucket,
          ':last': slot.bucket + RING - 1,
        },
      }),
    );
  } catch (error) {
    // its tenth has left the window: the use counts no more anyway
    if (!isConditionFailure(error)) throw error;
  }
}
