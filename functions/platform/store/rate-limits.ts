import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import { clock } from '../clock';
import { db, isConditionFailure } from '../dynamo';
import { jitteredBackoff } from '../pause';
import { foundItem, readTogether, type ItemsRead } from './read-together';
import { oneWrite, rateItemKey, releaseWrite, useOf, windowOf, type Window, type WindowUse } from './rate-windows';

export { rateCountName } from './rate-windows';

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
 *
 * Rules of one scope taken together (an address's minute and hour) share the
 * key's item, each its own window (the first's attributes as above, each
 * other's under the prefix `w<n>`): one use is ONE write for all of them,
 * taken only if every window has room.
 */
export interface RateRule {
  scope: string;
  limit: number;
  windowMs: number;
}

/** One rule, or rules of one scope counted on one item (each its own window). */
export type RateRules = RateRule | readonly RateRule[];

/**
 * Ticket verification, per client address: after a draw is read on air, hundreds of players behind one carrier NAT
 * address check their tickets in the same minute. 300 a minute still keeps
 * a script from walking the ticket space (14 digits).
 */
export const TICKET_CHECKS: RateRule = { scope: 'verify', limit: 300, windowMs: 60_000 };

/** One use taken: what `releaseRateSlot` gives back (the tenth each window counted it in). */
export interface RateSlot {
  rules: readonly RateRule[];
  key: string;
  buckets: readonly number[];
  /** Uses taken in each window. */
  take: number;
}

/** A key's windows as read ahead of `takeRateSlot` (undefined: no use yet). */
export interface RateCount {
  rules: readonly RateRule[];
  key: string;
  now: Date;
  windows: Array<Window | undefined>;
}

const listOf = (rules: RateRules): readonly RateRule[] => ('scope' in rules ? [rules as RateRule] : rules);

/** The item holding a key's windows. */
export const rateWindowKey = (rules: RateRules, key: string) => rateItemKey(listOf(rules), key);

/** Read a key's windows (one consistent read), ahead of `takeRateSlot` and beside the request's other reads. */
export async function countRate(rules: RateRules, key: string, now: Date): Promise<RateCount> {
  const [[count]] = await readTogether([rateCountsRead([{ rules, key }], now)]);
  return count!;
}

/** The read of several keys' windows, to go with other reads of the same request (../store/read-together.ts). */
export function rateCountsRead(
  limits: ReadonlyArray<{ rules: RateRules; key: string }>,
  now: Date,
): ItemsRead<RateCount[]> {
  const itemKeys = limits.map(({ rules, key }) => rateWindowKey(rules, key));
  return {
    keys: itemKeys,
    answer: (found) =>
      limits.map(({ rules, key }, i) => {
        const item = foundItem(found, itemKeys[i]);
        return { rules: listOf(rules), key, now, windows: listOf(rules).map((_, n) => windowOf(item, n)) };
      }),
  };
}

/** Writes decided against a window that others keep changing, before the request gives up (RateWindowContended). */
const MAX_TRIES = 20;

/** A key's window changed under every one of MAX_TRIES writes: others are using it right now (try another shard). */
export class RateWindowContended extends Error {
  override readonly name = 'RateWindowContended';
}

/**
 * Take one use (of every rule given, in one write) — or `take` uses at once
 * (a batch's) — or none: undefined when a window has no room for them (the
 * only reason it refuses). `counted`: this key's `countRate` for the same
 * `now`, when read ahead with other items.
 */
export async function takeRateSlot(
  rules: RateRules,
  key: string,
  now: Date,
  counted?: RateCount,
  take = 1,
): Promise<RateSlot | undefined> {
  const list = listOf(rules);
  let windows = counted ? counted.windows : (await countRate(list, key, now)).windows;
  for (let tries = 0; tries < MAX_TRIES; tries += 1) {
    const uses = usesAt(list, windows, now, take);
    if (!roomFor(uses)) return undefined;
    try {
      await db().send(
        new UpdateCommand({ ...oneWrite(list, key, uses), ReturnValuesOnConditionCheckFailure: 'ALL_OLD' }),
      );
      return { rules: list, key, buckets: uses.map((use) => use.bucket), take };
    } catch (error) {
      if (!isConditionFailure(error)) throw error;
      const raw = (error as { Item?: Record<string, AttributeValue> }).Item;
      const item = raw ? unmarshall(raw) : undefined;
      windows = list.map((_, n) => windowOf(item, n));
      // writers racing on one item take turns sooner with a pause between tries (a few ms, growing)
      if (tries >= 2) await jitteredBackoff(tries - 1, 2, 40);
    }
  }
  throw new RateWindowContended(`rate limit ${list[0]!.scope} for ${key}: the window kept changing`);
}

/** Whether a key's windows as read have room for `take` more uses now (nothing is written). */
export function hasRoom(count: RateCount, take = 1): boolean {
  return roomFor(usesAt(count.rules, count.windows, count.now, take));
}

/**
 * Each window's use of `take` at the tenth it is now (a request that came
 * late counts as of now), or at the item's if another clock is ahead.
 */
function usesAt(rules: readonly RateRule[], windows: ReadonlyArray<Window | undefined>, now: Date, take: number) {
  const at = Math.max(now.getTime(), clock.now().getTime());
  return rules.map((rule, n) => useOf(rule, n, windows[n], at, take));
}

const roomFor = (uses: readonly WindowUse[]) => uses.every((use) => use.total + use.take <= use.rule.limit);

/** Give a use back (a later limit refused the request it was taken for), in each window whose tenth still holds it. */
export async function releaseRateSlot(slot: RateSlot): Promise<void> {
  await Promise.all(
    slot.buckets.map(async (bucket, n) => {
      try {
        await db().send(new UpdateCommand(releaseWrite(slot.rules, slot.key, n, bucket, slot.take)));
      } catch (error) {
        // its tenth has left the window: the use counts no more anyway
        if (!isConditionFailure(error)) throw error;
      }
    }),
  );
}
