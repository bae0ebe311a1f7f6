import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { routes } from '@shared/api/routes';
import { messages } from '@shared/messages';
import { promptRules, shardKey, shardRule, type ShardedRule } from '../../functions/platform/prompt-rules';
import { takeProviderPrompts } from '../../functions/platform/store/prompt-limits';
import { clock } from '../../functions/platform/clock';
import { db, tableName } from '../../functions/platform/dynamo';
import {
  countRate,
  rateWindowKey,
  releaseRateSlot,
  takeRateSlot,
  type RateRule,
} from '../../functions/platform/store/rate-limits';
import { observeLocalRequests } from '../../functions/platform/local-requests';
import { ApiClient } from '../support/api';
import { aClientAddress, aUniquePlayerNumber } from '../support/play';
import { startPrivateStack, type PrivateStack } from '../support/private-stack';
import { useUpRate } from '../support/stored-state';

/**
 * DESIGN sections 7 and 10: payment prompts are limited per number, per
 * client address and per provider (its rate from configuration). A stack of
 * the file's own, whose small configured limits (README "Configuration") no
 * other file's entries may meet: each rule here is one item (shard 0), so a
 * count is exact; Orange's rate is 1 a second counted over a minute (the
 * local-only PROMPTS_PROVIDER_WINDOW_MS, so concurrent requests fall in one
 * window) and only its test enters with Orange numbers.
 */
const SETTINGS: Record<string, string> = {
  PROMPTS_PER_ADDRESS_PER_MINUTE: '300',
  PROMPTS_PER_ADDRESS_PER_HOUR: '1200',
  PROMPTS_PER_SECOND_ORANGE: '1',
  PROMPTS_PROVIDER_WINDOW_MS: '60000',
};
let running: PrivateStack;

beforeAll(async () => {
  Object.assign(process.env, SETTINGS);
  running = await startPrivateStack({ webDist: false });
}, 120_000);

afterEach(() => {
  vi.restoreAllMocks();
});

afterAll(async () => {
  await running?.stop();
  for (const name of Object.keys(SETTINGS)) delete process.env[name];
});

/** Count `uses` on a one-shard rule's item, as if that many requests had passed just now. */
const useUp = (rule: ShardedRule, key: string | undefined, uses: number) => {
  expect(rule.shards).toBe(1);
  return useUpRate(shardRule(rule, 0), shardKey(key, 0), uses);
};

/** Run `work` with these settings in this worker's environment (store calls made here read them), then put them back. */
async function withSettings<T>(settings: Record<string, string>, work: () => Promise<T>): Promise<T> {
  const before = Object.fromEntries(Object.keys(settings).map((name) => [name, process.env[name]]));
  Object.assign(process.env, settings);
  try {
    return await work();
  } finally {
    for (const [name, value] of Object.entries(before)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  }
}

describe('payment prompt limits', () => {
  const enterFrom = (address: string, mobile: string) =>
    new ApiClient().call(
      routes.dailyDrawEntry,
      {},
      { mobile_number: mobile, amount: '100.00|LRD' },
      { headers: { 'cloudfront-viewer-address': address } },
    );

  it('refuses exactly the prompts over the per-address limit when one address asks for many at once', async () => {
    const viewer = aClientAddress();
    const address = viewer.replace(/:\d+$/, '');
    const [perMinute] = promptRules().perAddress;
    // the address has used all but 3 of its minute
    await useUp(perMinute!, address, perMinute!.limit - 3);
    const responses = await Promise.all(Array.from({ length: 7 }, () => enterFrom(viewer, aUniquePlayerNumber())));
    expect(responses.filter((r) => r.status === 202)).toHaveLength(3);
    const refused = responses.filter((r) => r.status === 429);
    expect(refused).toHaveLength(4);
    expect(refused[0]!.body).toEqual({ error: messages.limits.paymentsPerAddress });
    // another address is not affected
    expect((await enterFrom(aClientAddress(), aUniquePlayerNumber())).status).toBe(202);
  });

  it('a prompt one limit refuses uses up none of the others: the number keeps its 3', async () => {
    const address = aClientAddress();
    const mobile = aUniquePlayerNumber();
    const [perMinute] = promptRules().perAddress;
    await useUp(perMinute!, address.replace(/:\d+$/, ''), perMinute!.limit);
    const refused = await enterFrom(address, mobile);
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ error: messages.limits.paymentsPerAddress });
    // from other addresses, the number still has its 3 prompts of the 10 minutes
    const entries = await Promise.all(Array.from({ length: 4 }, () => enterFrom(aClientAddress(), mobile)));
    expect(entries.map((r) => r.status).sort()).toEqual([202, 202, 202, 429]);
  });

  it('a prompt the number refuses gives back the use of the address it took (the provider’s is taken as it goes out)', async () => {
    const address = aClientAddress();
    const mobile = aUniquePlayerNumber();
    const [perMinute] = promptRules().perAddress;
    // the address has room for 4 prompts more
    await useUp(perMinute!, address.replace(/:\d+$/, ''), perMinute!.limit - 4);
    const answers = await Promise.all(Array.from({ length: 6 }, () => enterFrom(address, mobile)));
    expect(answers.map((r) => r.status).sort()).toEqual([202, 202, 202, 429, 429, 429]);
    for (const refused of answers.filter((r) => r.status === 429))
      expect([messages.limits.paymentsPerNumber, messages.limits.paymentsPerAddress]).toContain(refused.body.error);
    // the number's 3 kept their uses of the address; any the number refused gave theirs back: one is left
    expect((await enterFrom(address, aUniquePlayerNumber())).status).toBe(202);
    const over = await enterFrom(address, aUniquePlayerNumber());
    expect(over.status).toBe(429);
    expect(over.body).toEqual({ error: messages.limits.paymentsPerAddress });
  });

  it('keeps 3 prompts per number per 10 minutes when they come at once from different addresses', async () => {
    const mobile = aUniquePlayerNumber();
    const responses = await Promise.all(Array.from({ length: 6 }, () => enterFrom(aClientAddress(), mobile)));
    expect(responses.map((r) => r.status).sort()).toEqual([202, 202, 202, 429, 429, 429]);
    expect(responses.find((r) => r.status === 429)!.body).toEqual({ error: messages.limits.paymentsPerNumber });
  });

  it('an entry only looks at the provider’s window: the prompts consumer takes the uses, a batch’s in one write', async () => {
    const orange = promptRules().perProvider.orange;
    const key = shardKey(undefined, 0);
    const rule = shardRule(orange, 0);
    // room for 3 more this window
    await useUp(orange, undefined, orange.limit - 3);
    const before = (await countRate(rule, key, new Date())).windows[0]!.total;
    // a batch of 5 takes what the window holds, in one write; then nothing more
    const writes: string[] = [];
    observeLocalRequests(({ operation, input }) => {
      if (operation === 'UpdateItem' && (input.Key as { pk?: string }).pk === rateWindowKey(rule, key).pk)
        writes.push(operation);
    });
    try {
      expect(await takeProviderPrompts('orange', 3, new Date())).toBe(3);
      expect(await takeProviderPrompts('orange', 2, new Date())).toBe(0);
    } finally {
      observeLocalRequests(undefined);
    }
    expect(writes).toEqual(['UpdateItem']);
    expect((await countRate(rule, key, new Date())).windows[0]!.total).toBe(before + 3);
    // and the window read full, an entry is refused at once
    const refused = await enterFrom(aClientAddress(), aUniquePlayerNumber('orange'));
    expect(refused.status).toBe(429);
  });

  it("refuses one provider's prompts once its window is full while the other provider's still go through", async () => {
    const orange = promptRules().perProvider.orange;
    expect(orange.limit).toBe(60);
    // Orange has been sent all its prompts of this window (the test before left 0 or a few: the rest taken now)
    await takeProviderPrompts('orange', orange.limit, new Date());
    const [orangeAnswers, mtnAnswers] = await Promise.all([
      Promise.all(Array.from({ length: 4 }, () => enterFrom(aClientAddress(), aUniquePlayerNumber('orange')))),
      Promise.all(Array.from({ length: 4 }, () => enterFrom(aClientAddress(), aUniquePlayerNumber('lonestar')))),
    ]);
    expect(orangeAnswers.map((r) => r.status)).toEqual([429, 429, 429, 429]);
    expect(orangeAnswers[0]!.body).toEqual({ error: messages.limits.paymentsPlatform });
    expect(mtnAnswers.map((r) => r.status)).toEqual([202, 202, 202, 202]);
  });

  it('never lets a provider be sent more than its rate over its shards, however many batches ask at once', async () => {
    // 300 a second over 3 shards (100 each), counted at one instant
    const taken = await withSettings(
      { PROMPTS_PER_SECOND_MTN: '300', PROMPTS_PROVIDER_WINDOW_MS: '1000' },
      async () => {
        expect(promptRules().perProvider.mtn).toMatchObject({ limit: 300, shards: 3 });
        const now = new Date();
        // one instant for every request, however long they take on this machine
        vi.spyOn(clock, 'now').mockReturnValue(now);
        // 40 batches of 10 prompts, side by side, each taking what it can as the prompts consumer does
        return Promise.all(Array.from({ length: 40 }, () => takeProviderPrompts('mtn', 10, now)));
      },
    );
    vi.restoreAllMocks();
    const total = taken.reduce((sum, n) => sum + n, 0);
    expect(total).toBeLessThanOrEqual(300);
    // each batch tried two shards: nearly all the rate went out
    expect(total).toBeGreaterThanOrEqual(250);
  }, 120_000);

  it('lets a batch that meets its provider shard written by many others at once wait, never fail', async () => {
    // one shard (100 a second), 200 batches writing it at the same instant: each takes its uses or, contended,
    // answers what it took so far (the prompts consumer waits a tenth and takes the rest): none throws
    const taken = await withSettings(
      { PROMPTS_PER_SECOND_MTN: '100', PROMPTS_PROVIDER_WINDOW_MS: '1000' },
      async () => {
        expect(promptRules().perProvider.mtn).toMatchObject({ limit: 100, shards: 1 });
        // a window of its own: the test before filled this provider's at its instant
        const now = new Date(Date.now() + 10_000);
        vi.spyOn(clock, 'now').mockReturnValue(now);
        return Promise.all(Array.from({ length: 200 }, () => takeProviderPrompts('mtn', 1, now)));
      },
    );
    vi.restoreAllMocks();
    const total = taken.reduce((sum, n) => sum + n, 0);
    expect(total).toBeLessThanOrEqual(100);
    expect(total).toBeGreaterThan(0);
  }, 120_000);

  describe('what a use writes (DESIGN section 10: each is a write per entry)', () => {
    /** A rule of its own: a minute, counted in 6-second tenths. */
    const aRule = (limit = 2): RateRule => ({ scope: `t-${randomUUID().slice(0, 8)}`, limit, windowMs: 60_000 });
    const stored = async (rule: RateRule, key: string) =>
      (await db().send(new GetCommand({ TableName: tableName(), Key: rateWindowKey(rule, key), ConsistentRead: true })))
        .Item;
    const tenthMs = 6_000;
    /** The writes a run sends to a key's window, by operation (the stack's other work is not counted). */
    async function writesDuring(rule: RateRule, key: string, run: () => Promise<unknown>): Promise<string[]> {
      const writes: string[] = [];
      const { pk } = rateWindowKey(rule, key);
      observeLocalRequests(({ operation, input }) => {
        if (operation !== 'GetItem' && (input.Key as { pk?: string } | undefined)?.pk === pk) writes.push(operation);
      });
      try {
        await run();
      } finally {
        observeLocalRequests(undefined);
      }
      return writes;
    }

    it('takes each use in one write on the key’s one item, and refuses exactly at the limit', async () => {
      const rule = aRule();
      const key = 'one-item';
      const counted = await countRate(rule, key, new Date());
      expect(await writesDuring(rule, key, () => takeRateSlot(rule, key, new Date(), counted))).toEqual(['UpdateItem']);
      expect(await writesDuring(rule, key, () => takeRateSlot(rule, key, new Date()))).toEqual(['UpdateItem']);
      expect(await stored(rule, key)).toMatchObject({ total: 2 });
      // refused as read: nothing written
      expect(
        await writesDuring(rule, key, async () => expect(await takeRateSlot(rule, key, new Date())).toBeUndefined()),
      ).toEqual([]);
      expect(await stored(rule, key)).toMatchObject({ total: 2 });
    });

    it('takes a use of rules sharing a scope (an address’s minute and hour) in one write, refused when either is full', async () => {
      const scope = `t-${randomUUID().slice(0, 8)}`;
      const minute: RateRule = { scope, limit: 3, windowMs: 60_000 };
      const hour: RateRule = { scope, limit: 4, windowMs: 3_600_000 };
      const key = 'two-windows';
      for (let use = 0; use < 3; use += 1)
        expect(await writesDuring(minute, key, () => takeRateSlot([minute, hour], key, new Date()))).toEqual([
          'UpdateItem',
        ]);
      // the minute is full: refused, though the hour has room, and nothing written
      expect(await takeRateSlot([minute, hour], key, new Date())).toBeUndefined();
      expect(await stored(minute, key)).toMatchObject({ total: 3, w1total: 3 });
      // given back, the use leaves both windows
      const both = await countRate([minute, hour], key, new Date());
      expect(both.windows.map((w) => w?.total)).toEqual([3, 3]);
      await releaseRateSlot({ rules: [minute, hour], key, buckets: both.windows.map((w) => w!.bucket), take: 1 });
      expect(await stored(minute, key)).toMatchObject({ total: 2, w1total: 2 });
      expect(await takeRateSlot([minute, hour], key, new Date())).toBeDefined();
      // a key whose minute was used before its hour was counted: the hour's window starts with this use
      await useUpRate(minute, `${key}-b`, 1);
      const tight: RateRule = { ...hour, limit: 1 };
      expect(await takeRateSlot([minute, tight], `${key}-b`, new Date())).toBeDefined();
      expect(await takeRateSlot([minute, tight], `${key}-b`, new Date())).toBeUndefined();
      expect(await stored(minute, `${key}-b`)).toMatchObject({ total: 2, w1total: 1 });
    });

    it('decides every one of many concurrent uses exactly, however stale the window each read', async () => {
      const rule = aRule(7);
      const key = 'concurrent';
      const now = new Date();
      // all 20 read the empty window first, then write at once: each refused write reads the item again and decides
      const counts = await Promise.all(Array.from({ length: 20 }, () => countRate(rule, key, now)));
      const slots = await Promise.all(counts.map((counted) => takeRateSlot(rule, key, now, counted)));
      expect(slots.filter(Boolean)).toHaveLength(7);
      expect(await stored(rule, key)).toMatchObject({ total: 7 });
    });

    it('moves the window on over uses added since it was read, in one write, keeping them', async () => {
      // tenths of a minute: nothing but this test moves the window from one to the next
      const rule: RateRule = { scope: `t-${randomUUID().slice(0, 8)}`, limit: 5, windowMs: 600_000 };
      const key = 'moving-on';
      // a tenth ahead of the clock, from its start: every request below falls where it is meant to, however slow
      const now = new Date((Math.floor(Date.now() / 60_000) + 2) * 60_000);
      expect(await takeRateSlot(rule, key, now)).toBeDefined();
      const read = await countRate(rule, key, now);
      // another request adds to the window's tenth after that read
      expect(await takeRateSlot(rule, key, now)).toBeDefined();
      // a request of the next tenth, deciding on the stale read: its move keeps the use added meanwhile
      const next = new Date(now.getTime() + 60_000);
      expect(await writesDuring(rule, key, () => takeRateSlot(rule, key, next, read))).toEqual(['UpdateItem']);
      expect(await stored(rule, key)).toMatchObject({ total: 3 });
      // and the limit still holds over all of them
      expect(await takeRateSlot(rule, key, next)).toBeDefined();
      expect(await takeRateSlot(rule, key, next)).toBeDefined();
      expect(await takeRateSlot(rule, key, next)).toBeUndefined();
    });

    it('counts a use that comes too late for its tenth in the tenth it is in, where the limit still holds', async () => {
      const rule = aRule();
      const key = 'late';
      // a request that started two tenths ago, when the key had room, writes only now
      const startedAt = new Date(Date.now() - 2 * tenthMs);
      const counted = await countRate(rule, key, startedAt);
      const slot = await takeRateSlot(rule, key, startedAt, counted);
      expect(slot?.buckets).toEqual([Math.floor(Date.now() / tenthMs)]);
      // the window holds it: one more, then refused
      expect(await takeRateSlot(rule, key, new Date())).toBeDefined();
      expect(await takeRateSlot(rule, key, new Date())).toBeUndefined();
    });

    it('lets uses go as the window moves past them, and gives one back while it is in the window', async () => {
      const rule = aRule();
      const key = 'moving';
      const now = Date.now();
      const first = await takeRateSlot(rule, key, new Date(now));
      expect(await takeRateSlot(rule, key, new Date(now))).toBeDefined();
      // a later limit refused the request: its use goes back, and the window has room again
      await releaseRateSlot(first!);
      expect(await takeRateSlot(rule, key, new Date(now))).toBeDefined();
      expect(await takeRateSlot(rule, key, new Date(now))).toBeUndefined();
      // a window and a tenth later, the uses before are out of it (the request's own clock ahead of this one's)
      const later = new Date(now + rule.windowMs + tenthMs);
      expect(await takeRateSlot(rule, key, later)).toBeDefined();
      expect(await stored(rule, key)).toMatchObject({ total: 1 });
      // a use whose tenth has left the window is not given back twice over
      await releaseRateSlot(first!);
      expect(await stored(rule, key)).toMatchObject({ total: 1 });
    });
  });
});
