import type { PaymentProvider } from '@shared/payment-providers';
import { pickShard, promptRules, shardKey, shardRule, type ShardedRule } from '../prompt-rules';
import {
  countRate,
  hasRoom,
  RateWindowContended,
  rateCountsRead,
  releaseRateSlot,
  takeRateSlot,
  type RateCount,
  type RateSlot,
} from './rate-limits';
import type { ItemsRead } from './read-together';

/**
 * Which limit refused a payment prompt ('platform': the provider's rate, whose message says "many players"). The
 * per-number limit is kept with the number's day (functions/modules/players/store/player-days.ts), whose one write
 * per entry decides it.
 */
export type PromptRefusal = 'number' | 'address' | 'platform';

/** Sharded rules' count on the shard this request chose (an address's minute and hour: one item, one write). */
interface ShardCount {
  rules: readonly ShardedRule[];
  key: string | undefined;
  shard: number;
  count: RateCount;
}

/** The counts a payment prompt is decided on, read ahead (in parallel with the entry's own reads). */
export interface PromptCounts {
  address?: ShardCount;
  provider: ShardCount;
}

/**
 * The windows a prompt paid through `provider`, asked from `address` (none: USSD, whose address is its gateway's), is
 * decided on: a read to go with the entry's others, in one batch read (./read-together.ts).
 */
export function promptCountsRead(
  address: string | undefined,
  provider: PaymentProvider,
  now: Date,
): ItemsRead<PromptCounts> {
  const rules = promptRules();
  // each limit on a shard chosen at random: the provider's, then the address's (its windows share the shards); read at once
  const chosen = [
    { rules: [rules.perProvider[provider]], key: undefined },
    ...(address === undefined ? [] : [{ rules: rules.perAddress, key: address }]),
  ].map(({ rules: of, key }) => ({ rules: of, key, shard: pickShard(of[0]!.shards) }));
  const read = rateCountsRead(
    chosen.map(({ rules: of, key, shard }) => ({ rules: onShard(of, shard), key: shardKey(key, shard) })),
    now,
  );
  return {
    keys: read.keys,
    answer: (found) => {
      const counts = read.answer(found);
      const [providerCount, addressCount] = chosen.map((c, i): ShardCount => ({ ...c, count: counts[i]! }));
      return { provider: providerCount!, ...(addressCount ? { address: addressCount } : {}) };
    },
  };
}

/** Rules' shares on one shard. */
const onShard = (rules: readonly ShardedRule[], shard: number) => rules.map((rule) => shardRule(rule, shard));

/** Take a use on the chosen shard; refused there, on one other (counted afresh). */
async function takeShard({ rules, key, shard, count }: ShardCount): Promise<RateSlot | undefined> {
  const slot = await takeRateSlot(count.rules, count.key, count.now, count);
  const shards = rules[0]!.shards;
  if (slot || shards === 1) return slot;
  const other = pickShard(shards, shard);
  return takeRateSlot(onShard(rules, other), shardKey(key, other), count.now);
}

/**
 * Take a payment prompt under the provider's rate and the address's
 * limits, or none. The provider's window is only looked at: a full one
 * refuses, one with room takes nothing here — the prompts consumer takes
 * the uses a batch at a time as the prompts go out (`takeProviderPrompts`),
 * so the provider is never sent more than its rate while each entry is
 * spared a write on the provider's items (DESIGN section 10). Then the
 * address's use is taken; the number's limit comes last, with its day
 * (`releasePaymentPrompt` gives the address's back when it refuses).
 */
export async function takePaymentPrompt(
  counts: PromptCounts,
): Promise<{ refused: Exclude<PromptRefusal, 'number'> } | { taken: readonly RateSlot[] }> {
  if (!(await providerHasRoom(counts.provider))) return { refused: 'platform' };
  if (!counts.address) return { taken: [] };
  const slot = await takeShard(counts.address);
  return slot ? { taken: [slot] } : { refused: 'address' };
}

/** The provider's window has room on the shard read, or (full there) on one other, read now: nothing is taken. */
async function providerHasRoom({ rules, key, shard, count }: ShardCount): Promise<boolean> {
  if (hasRoom(count)) return true;
  const shards = rules[0]!.shards;
  if (shards === 1) return false;
  const other = pickShard(shards, shard);
  return hasRoom(await countRate(onShard(rules, other), shardKey(key, other), count.now));
}

/**
 * Take up to `take` of the provider's prompts at once, as a batch of them
 * goes out (functions/lambdas/prompts.ts): ONE write on a shard chosen at
 * random (at most a shard's share at a time), refused there, on one other.
 * Answers how many were taken: fewer when the window has no room for more
 * now, or its shards are being written by too many batches at once (the
 * batch waits a tenth and takes the rest).
 */
export async function takeProviderPrompts(provider: PaymentProvider, take: number, now: Date): Promise<number> {
  const rule = promptRules().perProvider[provider];
  const share = Math.max(1, Math.floor(rule.limit / rule.shards));
  let taken = 0;
  while (taken < take) {
    const chunk = Math.min(take - taken, share);
    const shard = pickShard(rule.shards);
    // a shard others are writing this very moment is as good as full for now: the other, or the batch waits a tenth
    const onOne = (s: number) =>
      takeRateSlot(onShard([rule], s), shardKey(undefined, s), now, undefined, chunk).catch((error: unknown) => {
        if (error instanceof RateWindowContended) return undefined;
        throw error;
      });
    const slot = (await onOne(shard)) ?? (rule.shards > 1 ? await onOne(pickShard(rule.shards, shard)) : undefined);
    if (!slot) return taken;
    taken += chunk;
  }
  return taken;
}

/** Give back a prompt's use of the address's limits (the number's refused it). */
export async function releasePaymentPrompt(taken: readonly RateSlot[]): Promise<void> {
  await Promise.all(taken.map(releaseRateSlot));
}

/** A tenth of the provider's rate window: how long a batch whose prompts it has no room for waits before asking again. */
export const providerTenthMs = (provider: PaymentProvider): number => promptRules().perProvider[provider].windowMs / 10;
