import { tableName } from '../dynamo';
import { epochSeconds, keys } from './keys';
import type { RateRule } from './rate-limits';

/**
 * The windows of a rate-limit item and the one conditional write that takes
 * a use of each (./rate-limits.ts tells the scheme): each window's tenth
 * `b`, its ring of tenths' uses `c0…c10` and its `total`, the first window's
 * under those names and each other's under the prefix `w<n>`.
 */

const BUCKETS_PER_WINDOW = 10;
/** The tenths a window's count spans: its ten and the one its start falls in. */
const RING = BUCKETS_PER_WINDOW + 1;

/** A key's window as stored. */
export interface Window {
  bucket: number;
  counts: number[];
  total: number;
}

const bucketMs = (rule: RateRule) => rule.windowMs / BUCKETS_PER_WINDOW;
const bucketOf = (rule: RateRule, time: number) => Math.floor(time / bucketMs(rule));
/** The attribute prefix of an item's `n`th window. */
const prefixOf = (n: number) => (n === 0 ? '' : `w${n}`);

/** The attribute holding a tenth's uses in an item's `n`th window (tests count uses into it: test/support/stored-state.ts). */
export const rateCountName = (bucket: number, n = 0) => `${prefixOf(n)}c${bucket % RING}`;

/** The item holding a key's windows, named by the scope its rules share. */
export const rateItemKey = (rules: readonly RateRule[], key: string) => keys.rateWindow(rules[0]!.scope, key);

/** An item's `n`th window as stored, if it has one. */
export function windowOf(item: Record<string, unknown> | undefined, n: number): Window | undefined {
  const p = prefixOf(n);
  if (!item || typeof item[`${p}b`] !== 'number') return undefined;
  return {
    bucket: item[`${p}b`] as number,
    counts: Array.from({ length: RING }, (_, i) => Number(item[`${p}c${i}`] ?? 0)),
    total: Number(item[`${p}total`] ?? 0),
  };
}

/** How one window takes `take` uses at `at`: in its tenth, or moved on to a later one; `total`: its uses before. */
export interface WindowUse {
  rule: RateRule;
  n: number;
  take: number;
  bucket: number;
  window: Window | undefined;
  /** The window moved on to `bucket`: the ring's slots it resets (they hold tenths older than the span). */
  stale?: number[];
  total: number;
}

/** The use of a rule's window as read, at `at` (a window whose item's tenth is ahead takes it there). */
export function useOf(rule: RateRule, n: number, window: Window | undefined, at: number, take = 1): WindowUse {
  const bucket = Math.max(bucketOf(rule, at), window?.bucket ?? 0);
  if (window !== undefined && bucket === window.bucket) return { rule, n, take, bucket, window, total: window.total };
  if (!window) return { rule, n, take, bucket, window, stale: [], total: 0 };
  const stale = Array.from(
    { length: Math.min(bucket - window.bucket, RING) },
    (_, i) => (window.bucket + 1 + i) % RING,
  );
  return {
    rule,
    n,
    take,
    bucket,
    window,
    stale,
    total: window.total - stale.reduce((sum, slot) => sum + window.counts[slot]!, 0),
  };
}

const expiryOf = (rule: RateRule, bucket: number) =>
  epochSeconds(new Date((bucket + 1) * bucketMs(rule) + rule.windowMs));

interface Parts {
  set: string[];
  add: string[];
  conditions: string[];
  names: Record<string, string>;
  values: Record<string, unknown>;
}

/**
 * The ONE conditional write taking `uses` (one per window of the item): each
 * window's part, and the item's expiry at the longest-lived window's.
 */
export function oneWrite(rules: readonly RateRule[], key: string, uses: readonly WindowUse[]) {
  const parts: Parts = {
    set: ['expiresAt = :exp', 'entity = if_not_exists(entity, :entity)'],
    add: [],
    conditions: [],
    names: {},
    values: {},
  };
  for (const use of uses) windowPart(use, parts);
  return {
    TableName: tableName(),
    Key: rateItemKey(rules, key),
    UpdateExpression: `SET ${parts.set.join(', ')}${parts.add.length > 0 ? ` ADD ${parts.add.join(', ')}` : ''}`,
    ConditionExpression: parts.conditions.join(' AND '),
    ExpressionAttributeNames: parts.names,
    ExpressionAttributeValues: {
      ...parts.values,
      ':entity': 'rateLimit',
      ':exp': Math.max(...uses.map((use) => expiryOf(use.rule, use.bucket))),
    },
  };
}

/**
 * One window's part of the write. In its tenth: `take` more for the tenth and
 * the total, while the total leaves room for them. Moved on: the tenth, the
 * reset slots, the total by a difference (the reset slots' uses leave it,
 * this use joins it) — conditional on the tenth and those slots as read (a
 * use given back there would otherwise leave the total twice), not on the
 * rest: uses added to the item's tenth meanwhile stay. A window's first use
 * writes all of it, while it has none.
 */
function windowPart(use: WindowUse, parts: Parts): void {
  const { n, bucket, window, stale, rule, take } = use;
  const p = prefixOf(n);
  const v = (name: string, value: unknown) => {
    parts.values[`:${name}${n}`] = value;
    return `:${name}${n}`;
  };
  const b = `#b${n}`;
  const total = `#total${n}`;
  parts.names[b] = `${p}b`;
  parts.names[total] = `${p}total`;
  const slot = (i: number) => {
    parts.names[`#c${n}_${i}`] = `${p}c${i}`;
    return `#c${n}_${i}`;
  };
  if (!stale) {
    parts.add.push(`${slot(bucket % RING)} ${v('take', take)}`, `${total} :take${n}`);
    parts.conditions.push(`${b} = ${v('bucket', bucket)} AND ${total} <= ${v('most', rule.limit - take)}`);
    return;
  }
  if (!window) {
    parts.set.push(`${b} = ${v('bucket', bucket)}`, `${total} = ${v('take', take)}`);
    for (let i = 0; i < RING; i += 1)
      parts.set.push(`${slot(i)} = ${i === bucket % RING ? `:take${n}` : v('zero', 0)}`);
    parts.conditions.push(`attribute_not_exists(${b})`);
    return;
  }
  const delta = take - (window.total - use.total);
  parts.set.push(`${b} = ${v('bucket', bucket)}`, `${total} = ${total} + ${v('delta', delta)}`);
  for (const i of stale) parts.set.push(`${slot(i)} = ${i === bucket % RING ? v('take', take) : v('zero', 0)}`);
  // the total after the move may reach the limit, not pass it
  parts.conditions.push(`${b} = ${v('read', window.bucket)} AND ${total} <= ${v('most', rule.limit - delta)}`);
  for (const i of stale) parts.conditions.push(`${slot(i)} = ${v(`was${i}_`, window.counts[i]!)}`);
}

/** The write giving `take` uses back in the item's `n`th window, if its tenth is still in the window and holds them. */
export function releaseWrite(rules: readonly RateRule[], key: string, n: number, bucket: number, take: number) {
  return {
    TableName: tableName(),
    Key: rateItemKey(rules, key),
    UpdateExpression: 'ADD #count :minus, #total :minus',
    ConditionExpression: '#b BETWEEN :bucket AND :last AND #count >= :take',
    ExpressionAttributeNames: {
      '#count': rateCountName(bucket, n),
      '#total': `${prefixOf(n)}total`,
      '#b': `${prefixOf(n)}b`,
    },
    ExpressionAttributeValues: { ':minus': -take, ':take': take, ':bucket': bucket, ':last': bucket + RING - 1 },
  };
}
