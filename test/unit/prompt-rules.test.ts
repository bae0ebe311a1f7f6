import { afterEach, describe, expect, it } from 'vitest';
import { PAYMENT_PROVIDERS } from '@shared/payment-providers';
import { SURGE_TARGET } from '@shared/capacity';
import { PROMPT_LIMITS, pickShard, promptRules, shardKey, shardRule } from '../../functions/platform/prompt-rules';

const SETTINGS = [
  'PROMPTS_PER_SECOND_MTN',
  'PROMPTS_PER_SECOND_ORANGE',
  'PROMPTS_PER_ADDRESS_PER_MINUTE',
  'PROMPTS_PROVIDER_WINDOW_MS',
  'LOCAL_STACK',
];
const saved = Object.fromEntries(SETTINGS.map((name) => [name, process.env[name]]));

afterEach(() => {
  for (const name of SETTINGS) {
    if (saved[name] === undefined) delete process.env[name];
    else process.env[name] = saved[name];
  }
});

const configure = (settings: Record<string, string | undefined>) => {
  for (const name of SETTINGS) delete process.env[name];
  for (const [name, value] of Object.entries(settings)) if (value !== undefined) process.env[name] = value;
};

/** DESIGN section 10: the platform-wide prompt limit is each provider's rate, from configuration, sharded. */
describe('payment prompt rules (functions/platform/prompt-rules.ts)', () => {
  it("reads each provider's prompts a second from its own setting, counted over one second", () => {
    configure({ PROMPTS_PER_SECOND_MTN: '40', PROMPTS_PER_SECOND_ORANGE: '700' });
    const { perProvider } = promptRules();
    expect(perProvider.mtn).toEqual({ scope: 'prompts-mtn', limit: 40, windowMs: 1_000, shards: 1 });
    expect(perProvider.orange).toEqual({ scope: 'prompts-orange', limit: 700, windowMs: 1_000, shards: 7 });
  });

  it('sizes the defaults from the surge target: each provider alone carries the platform, one NAT a national surge', () => {
    configure({});
    const { perProvider, perAddress } = promptRules();
    for (const provider of PAYMENT_PROVIDERS) {
      expect(perProvider[provider].limit / (perProvider[provider].windowMs / 1000)).toBeGreaterThanOrEqual(
        SURGE_TARGET.entriesPerSecond,
      );
    }
    const [perMinute, perHour] = perAddress;
    expect(perMinute!.limit).toBeGreaterThanOrEqual(SURGE_TARGET.entriesPerSecondPerPromotion * 60);
    // the surge's 10 minutes through one address fit in its hour
    expect(perHour!.limit).toBeGreaterThanOrEqual(SURGE_TARGET.entriesPerSecondPerPromotion * 600);
    expect(PROMPT_LIMITS.PROMPTS_PER_SECOND_MTN).toBe(perProvider.mtn.limit);
  });

  it('ignores a setting that is not a whole number above zero', () => {
    configure({ PROMPTS_PER_SECOND_MTN: '0', PROMPTS_PER_SECOND_ORANGE: 'many' });
    const { perProvider } = promptRules();
    expect(perProvider.mtn.limit).toBe(PROMPT_LIMITS.PROMPTS_PER_SECOND_MTN);
    expect(perProvider.orange.limit).toBe(PROMPT_LIMITS.PROMPTS_PER_SECOND_ORANGE);
  });

  it('takes a longer provider window only on the local stack', () => {
    configure({ PROMPTS_PER_SECOND_MTN: '2', PROMPTS_PROVIDER_WINDOW_MS: '60000' });
    expect(promptRules().perProvider.mtn).toMatchObject({ limit: 2, windowMs: 1_000 });
    configure({ PROMPTS_PER_SECOND_MTN: '2', PROMPTS_PROVIDER_WINDOW_MS: '60000', LOCAL_STACK: '1' });
    expect(promptRules().perProvider.mtn).toMatchObject({ limit: 120, windowMs: 60_000 });
  });

  it('shards each rule so no item takes more than a third of a partition’s 1,000 write units a second', () => {
    configure({});
    const { perProvider, perAddress } = promptRules();
    // one conditional write a use, as the surge bench counts it, with room for the refused ones of a busy tenth
    const writeUnitsPerUse = 1.5;
    for (const rule of Object.values(perProvider)) {
      expect(rule.shards).toBeGreaterThan(1);
      const perSecond = rule.limit / (rule.windowMs / 1000);
      expect((perSecond / rule.shards) * writeUnitsPerUse).toBeLessThanOrEqual(1_000 / 3);
    }
    const [perMinute] = perAddress;
    expect((perMinute!.limit / 60 / perMinute!.shards) * writeUnitsPerUse).toBeLessThanOrEqual(1_000 / 3);
    // a small limit is one item
    configure({ PROMPTS_PER_SECOND_MTN: '100', PROMPTS_PER_ADDRESS_PER_MINUTE: '300' });
    expect(promptRules().perProvider.mtn.shards).toBe(1);
    expect(promptRules().perAddress.map((rule) => rule.shards)).toEqual([1, 1]);
  });

  it('splits a limit into shares that add up to it exactly, each under its own key', () => {
    const rule = { scope: 'prompts-mtn', limit: 1_500, windowMs: 1_000, shards: 14 };
    const shares = Array.from({ length: 14 }, (_, shard) => shardRule(rule, shard).limit);
    expect(shares.reduce((sum, n) => sum + n, 0)).toBe(1_500);
    expect(Math.max(...shares) - Math.min(...shares)).toBeLessThanOrEqual(1);
    expect(shardRule(rule, 3)).toMatchObject({ scope: 'prompts-mtn', windowMs: 1_000 });
    expect(shardKey(undefined, 3)).toBe('3');
    expect(shardKey('10.0.0.1', 3)).toBe('10.0.0.1#3');
  });

  it('spreads requests over every shard evenly, and a second try never lands on the first', () => {
    const shards = 14;
    const picks = new Array<number>(shards).fill(0);
    for (let i = 0; i < shards * 1_000; i += 1) picks[pickShard(shards)]! += 1;
    // each shard expects 1,000 (σ ≈ 31): far outside ±30 % only if the choice is not spread
    for (const count of picks) expect(count).toBeGreaterThan(700);
    for (const count of picks) expect(count).toBeLessThan(1_300);
    const seconds = new Set<number>();
    for (let i = 0; i < 2_000; i += 1) {
      const other = pickShard(shards, 5);
      expect(other).not.toBe(5);
      seconds.add(other);
    }
    expect(seconds.size).toBe(shards - 1);
    expect(pickShard(1, 0)).toBe(0);
  });
});
