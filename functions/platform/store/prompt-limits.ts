import type { PaymentProvider } from '@shared/payment-providers';
import { pickShard, promptRules, shardKey, shardRule, type ShardedRule } from '../prompt-rules';
import { rateCountsRead, releaseRateSlot, takeRateSlot, type RateCount, type RateSlot } from './rate-limits';
import { readTogether, type ItemsRead } from './read-together';

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

/** Read the windows of a prompt paid through `provider`, asked from `address` (none: USSD, whose address is its gateway's). */
export async function countPrompts(
  address: string | undefined,
  provider: PaymentProvider,
  now: Date,
): Promise<PromptCounts> {
  const [counts] = await readTogether([promptCountsRead(address, provider, now)]);
  return counts;
}

/** `countPrompts` as a read to go with the entry's others, in one batch read (./read-together.ts). */
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
 * Take a payment prompt under the address's limits, then the provider's,
 * or none: one after another so that a request one limit refuses never
 * uses up a later one (a script refused per address does not eat the
 * provider's prompts); what was taken before a refusal is given back. The
 * number's limit comes last, with its day (`releasePaymentPrompt` gives
 * these back when it refuses).
 */
export async function takePaymentPrompt(
  counts: PromptCounts,
): Promise<{ refused: Exclude<PromptRefusal, 'number'> } | { taken: readonly RateSlot[] }> {
  const { address } = counts;
  const steps: Array<['address' | 'platform', () => Promise<RateSlot | undefined>]> = [
    ...(address ? [['address', () => takeShard(address)] as ['address', () => Promise<RateSlot | undefined>]] : []),
    ['platform', () => takeShard(counts.provider)],
  ];
  const taken: RateSlot[] = [];
  for (const [limit, take] of steps) {
    const slot = await take();
    if (!slot) {
      await releasePaymentPrompt(taken);
      return { refused: limit };
    }
    taken.push(slot);
  }
  return { taken };
}

/** Give back a prompt's uses of the address's and provider's limits (a later limit refused it). */
export async function releasePaymentPrompt(taken: readonly RateSlot[]): Promise<void> {
  await Promise.all(taken.map(releaseRateSlot));
}
