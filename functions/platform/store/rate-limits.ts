import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
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
 * so no stretch of `windowMs` ever holds more than `limit` uses — and a
 * version `v` that every write moves on. Taking a use is one conditional
 * write: in the tenth the item is at, one more for that tenth and the total
 * while the total is under the limit; in a later tenth, the item moves to it
 * (the tenths older than the window leave the total) in a write conditional
 * on the item's version as read. A write refused by its condition reads the
 * item as it was (in the same request) and decides again, so any number of
 * concurrent requests is decided exactly — never "limited" merely because
 * others wrote at the same moment — and a request late for its tenth counts
 * in the tenth the item is at: no tenth counted already takes a late use,
 * and nothing else is ever written (DESIGN section 10: every write here is a
 * write per entry).
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
  version: number;
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
    version: Number(item.v ?? 0),
  };
}

/** Read a key's window (one consistent read), ahead of `takeRateSlot` and beside the request's other reads. */
export async function countRate(rule: RateRule, key: string, now: Date): Promise<RateCount> {
  const [count] = await countRates([{ rule, key }], now);
  return count!;
}

/** Read several keys' windows at once: one consistent read for one, one batch read for more. */
export async function countRates(
  limits: ReadonlyArray<{ rule: RateRule; key: string }>,
  now: Date,
): Promise<RateCount[]> {
  const itemKeys = limits.map(({ rule, key }) => rateWindowKey(rule, key));
  const found =
    itemKeys.length === 1
      ? new Map([[keyId(itemKeys[0]!), await getItem(itemKeys[0]!)]])
      : await batchGetAll(itemKeys, { consistent: true });
  return limits.map(({ rule, key }, i) => ({ rule, key, now, window: windowOf(found.get(keyId(itemKeys[i]!))) }));
}

async function getItem(key: { pk: string; sk: string }): Promise<Record<string, unknown> | undefined> {
  const { Item } = await db().send(new GetCommand({ TableName: tableName(), Key: key, ConsistentRead: true }));
  return Item;
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
    if ((moved?.total ?? window!.total) >= rule.limit) return undefined;
    try {
      await db().send(
        new UpdateCommand({
          ...(moved ? moveTo(rule, key, bucket, moved, window) : addTo(rule, key, bucket)),
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

/** The window as it is once it moves on to `bucket`: the tenths older than its span dropped. */
function movedOn(window: Window | undefined, bucket: number): { counts: number[]; total: number } {
  const counts = Array.from({ length: RING }, () => 0);
  for (let tenth = bucket - RING + 1; tenth <= bucket; tenth += 1) {
    const kept = window !== undefined && tenth <= window.bucket && tenth > window.bucket - RING;
    counts[tenth % RING] = kept ? window.counts[tenth % RING]! : 0;
  }
  return { counts, total: counts.reduce((sum, n) => sum + n, 0) };
}

const expiryOf = (rule: RateRule, bucket: number) =>
  epochSeconds(new Date((bucket + 1) * bucketMs(rule) + rule.windowMs));

/** One more use in the tenth the window is at, while it holds fewer than the limit. */
function addTo(rule: RateRule, key: string, bucket: number) {
  return {
    TableName: tableName(),
    Key: rateWindowKey(rule, key),
    UpdateExpression: 'ADD #count :one, #total :one, v :one SET expiresAt = :exp',
    ConditionExpression: 'b = :bucket AND #total < :limit',
    ExpressionAttributeNames: { '#count': rateCountName(bucket), '#total': 'total' },
    ExpressionAttributeValues: { ':one': 1, ':bucket': bucket, ':limit': rule.limit, ':exp': expiryOf(rule, bucket) },
  };
}

/** The window moved on to `bucket`, with this use in it: only if it is still as read (`from`; none: no item yet). */
function moveTo(
  rule: RateRule,
  key: string,
  bucket: number,
  moved: { counts: number[]; total: number },
  from: Window | undefined,
) {
  const counts = moved.counts.map((n, i) => (i === bucket % RING ? n + 1 : n));
  return {
    TableName: tableName(),
    Key: rateWindowKey(rule, key),
    UpdateExpression: `SET b = :bucket, #total = :total, v = :version, entity = :entity, expiresAt = :exp, ${counts
      .map((_, i) => `c${i} = :c${i}`)
      .join(', ')}`,
    ConditionExpression: from ? 'v = :read' : 'attribute_not_exists(pk)',
    ExpressionAttributeNames: { '#total': 'total' },
    ExpressionAttributeValues: {
      ':bucket': bucket,
      ':total': moved.total + 1,
      ':version': (from?.version ?? 0) + 1,
      ':entity': 'rateLimit',
      ':exp': expiryOf(rule, bucket),
      ...(from ? { ':read': from.version } : {}),
      ...Object.fromEntries(counts.map((n, i) => [`:c${i}`, n])),
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
        UpdateExpression: 'ADD #count :minusOne, #total :minusOne, v :one',
        ConditionExpression: 'b BETWEEN :bucket AND :last AND #count > :zero',
        ExpressionAttributeNames: { '#count': rateCountName(slot.bucket), '#total': 'total' },
        ExpressionAttributeValues: {
          ':minusOne': -1,
          ':one': 1,
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
