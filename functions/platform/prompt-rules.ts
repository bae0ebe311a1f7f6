import { HEADROOM, SURGE_TARGET } from '@shared/capacity';
import { PAYMENT_PROVIDERS, type PaymentProvider } from '@shared/payment-providers';
import { config } from './config';
import type { RateRule } from './store/rate-limits';

/**
 * The payment-prompt limits beside the 3 per number (DESIGN sections 7 and
 * 10), as configured now. Every prompt rings a phone; these bound what one
 * client address, and all clients together, can push through a provider.
 *
 * Per provider, the prompts a second the provider's contract allows (MTN
 * MoMo and Orange Money differ; set PROMPTS_PER_SECOND_MTN and
 * PROMPTS_PER_SECOND_ORANGE to the contracted TPS). Until a contract says,
 * each is sized from DESIGN section 10's target: 1,000 entries/s across the
 * platform, one prompt each, may all come through ONE network (a station's
 * audience is not split evenly between Lonestar and Orange), × 1.5 headroom
 * as infra/capacity.ts = 1,500 a second per provider — also 5× the 300/s of
 * one promotion. Counted over 1 s, so a provider is never sent more than its
 * rate in any second.
 *
 * Per client address (web only: a USSD request's address is its gateway's),
 * sized so a national surge behind ONE carrier NAT address is never refused
 * (DESIGN section 10, "carrier NAT"): 300 entries/s on one promotion, all on
 * the web through one address, × 1.5 = 27,000 a minute; and its 10 minutes
 * (300 × 600 s × 1.5) = 270,000 an hour. Prompt spam to a stranger is
 * stopped per number (3 per 10 minutes), not here; these only stop one
 * address outrunning a whole national surge.
 */
const providerDefault = SURGE_TARGET.entriesPerSecond * HEADROOM;
const oneAddressPerSecond = SURGE_TARGET.entriesPerSecondPerPromotion * HEADROOM;
export const PROMPT_LIMITS = {
  PROMPTS_PER_ADDRESS_PER_MINUTE: oneAddressPerSecond * 60,
  PROMPTS_PER_ADDRESS_PER_HOUR: oneAddressPerSecond * 600,
  PROMPTS_PER_SECOND_MTN: providerDefault,
  PROMPTS_PER_SECOND_ORANGE: providerDefault,
};

type PromptLimitName = keyof typeof PROMPT_LIMITS;

/** The setting holding each provider's prompts a second (infra/capacity.ts passes it to the Lambdas). */
export const PROVIDER_RATE: Record<PaymentProvider, PromptLimitName> = {
  mtn: 'PROMPTS_PER_SECOND_MTN',
  orange: 'PROMPTS_PER_SECOND_ORANGE',
};

/**
 * A limit counted over `shards` items, each holding its share of `limit`
 * (keyed `RATE#<scope>#<key>#<shard>`, or `RATE#<scope>#<shard>` for a
 * platform-wide one), so no one partition key takes every use.
 */
export interface ShardedRule extends RateRule {
  shards: number;
}

/**
 * Uses a second one shard takes at most. Each is one conditional write on the shard's one item
 * (./store/rate-limits.ts; 1.0 write unit per use as the surge bench counts it, 2.96 when a use also closed the
 * previous tenth's item), so DynamoDB's 1,000 write units a second per key are far off; what binds is the tenth's
 * turn: two uses that read a window before its tenth moved collide, and one's write is refused and made again.
 * Fewer uses a shard make that rarer — the settlement bench's provider windows refused 0.15–0.44 writes per entry
 * over 6 shards, 0.07–0.22 over 14 — and cost nothing: a use is one write on whichever shard it lands.
 */
const SHARD_USES_PER_SECOND = 1_000 / 9;

/** Shards for a limit used at most `peakPerSecond` times a second: 1 up to ~111/s, 14 at 1,500/s. */
const shardsFor = (peakPerSecond: number): number => Math.max(1, Math.ceil(peakPerSecond / SHARD_USES_PER_SECOND));

/**
 * One shard's rule: its share of the limit (the remainder to the first ones,
 * so the shares add up to the limit exactly).
 *
 * Each request counts on ONE shard chosen at random, against that shard's
 * share, which is fair enough: at a demand near the limit each shard gets
 * about limit/S requests, its count off by about √(limit/S) — at 1,500/s over
 * 14 shards ~107 ± 10 a second — so the total let through is within a few %
 * of the limit, and a request its shard refuses tries one other shard before
 * it is refused, which takes most of that gap back. Below the limit (the
 * sized defaults carry the target with 1.5× headroom: ~71 a shard against
 * 107) one of the 14 shards fills by chance about once in 10,000 seconds,
 * and the request it refuses then almost surely passes on its second try.
 */
export function shardRule(rule: ShardedRule, shard: number): RateRule {
  const base = Math.floor(rule.limit / rule.shards);
  return { scope: rule.scope, windowMs: rule.windowMs, limit: base + (shard < rule.limit % rule.shards ? 1 : 0) };
}

/** The key of a shard: the address's own, or the shard alone for a platform-wide rule. */
export const shardKey = (key: string | undefined, shard: number) =>
  key === undefined ? String(shard) : `${key}#${shard}`;

/** A shard chosen at random, other than `not` (a second try) when there is another. */
export function pickShard(shards: number, not?: number, random: () => number = Math.random): number {
  if (not === undefined || shards === 1) return Math.floor(random() * shards);
  const pick = Math.floor(random() * (shards - 1));
  return pick >= not ? pick + 1 : pick;
}

export interface PromptRules {
  /** The address's minute, then its hour: one scope, shards alike (./store/prompt-limits.ts takes both in one write). */
  perAddress: ShardedRule[];
  perProvider: Record<PaymentProvider, ShardedRule>;
}

/** The prompt rules as configured now (the environment may override PROMPT_LIMITS). */
export function promptRules(): PromptRules {
  const limit = (name: PromptLimitName) => config.positiveInteger(name) ?? PROMPT_LIMITS[name];
  const perMinute = limit('PROMPTS_PER_ADDRESS_PER_MINUTE');
  // an address's hour is taken at its minute's pace: both are sharded for that peak
  const addressShards = shardsFor(perMinute / 60);
  // 1 s; the local stack may count a longer window (a test's requests all fall in one)
  const providerWindowMs = config.localMs('PROMPTS_PROVIDER_WINDOW_MS', 1_000);
  const perProvider = (provider: PaymentProvider): ShardedRule => {
    const perSecond = limit(PROVIDER_RATE[provider]);
    const inWindow = Math.max(1, Math.round((perSecond * providerWindowMs) / 1_000));
    return sharded(`prompts-${provider}`, inWindow, providerWindowMs, shardsFor(perSecond));
  };
  return {
    // one scope: an address's minute and hour are two windows of one item, a use of both one write
    perAddress: [
      sharded('prompts-address', perMinute, 60_000, addressShards),
      sharded('prompts-address', limit('PROMPTS_PER_ADDRESS_PER_HOUR'), 3_600_000, addressShards),
    ],
    perProvider: Object.fromEntries(PAYMENT_PROVIDERS.map((p) => [p, perProvider(p)])) as Record<
      PaymentProvider,
      ShardedRule
    >,
  };
}

/** Never more shards than uses: each holds at least one. */
const sharded = (scope: string, limit: number, windowMs: number, shards: number): ShardedRule => ({
  scope,
  limit,
  windowMs,
  shards: Math.min(shards, limit),
});
