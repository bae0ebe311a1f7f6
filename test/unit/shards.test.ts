import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  HEADROOM,
  MAX_KEY_WRITE_UNITS_PER_ENTRY,
  PARTITION_LIMIT,
  SHARDS,
  SURGE_TARGET,
  shard,
} from '@shared/capacity';
import { keys } from '../../functions/platform/store/keys';
import { mergeBySortKey } from '../../functions/platform/store/sharded-query';

/** Ids shaped like the product's (UUIDs), the same every run. */
const uuids = (count: number) =>
  Array.from({ length: count }, (_, i) => {
    const hex = createHash('sha256').update(`id-${i}`).digest('hex');
    return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
  });

const shardedKeys = {
  pendingPayments: [keys.pendingPayments, 'PENDINGPAY'],
  smsDue: [keys.smsDue, 'SMSDUE'],
  connections: [keys.connections, 'CONNECTIONS'],
  assignments: [keys.assignmentsIndex, 'ASSIGNMENTS'],
  balances: [keys.balancesOfRole('partner'), 'BALANCES#partner'],
} as const;

describe('index keys written once per entry are sharded (DESIGN section 10)', () => {
  it('spreads 2,000 distinct ids over every shard, each near its fair share', () => {
    const ids = uuids(2_000);
    for (const count of [2, 3, 4, 5, 9, 16]) {
      const perShard = new Array<number>(count).fill(0);
      for (const id of ids) perShard[shard(id, count)]! += 1;
      const fair = ids.length / count;
      for (const n of perShard) {
        expect(n).toBeGreaterThan(0.75 * fair);
        expect(n).toBeLessThan(1.25 * fair);
      }
    }
  });

  it('gives an id the same shard every time, within 0 … count − 1', () => {
    for (const id of uuids(50)) {
      const s = shard(id, 9);
      expect(Number.isInteger(s) && s >= 0 && s < 9).toBe(true);
      expect(shard(id, 9)).toBe(s);
    }
  });

  it.each(Object.entries(shardedKeys))('%s: an item keyed by its id, one of the shards a reader queries', (name, [
    key,
    base,
  ]) => {
    const count = SHARDS[name as keyof typeof SHARDS];
    expect(count).toBeGreaterThan(1);
    expect(key.all).toEqual(Array.from({ length: count }, (_, s) => `${base}#${s}`));
    const used = new Set(uuids(500).map((id) => key.of(id)));
    expect([...used].sort()).toEqual([...key.all].sort());
  });

  it('sizes each shard to at most 1 write unit per 3 entries (bench figures), under the partition limit at the platform target with headroom', () => {
    const measured = {
      pendingPayments: 5.69,
      smsDue: 3.45,
      connections: 2.5,
      assignments: 2.13,
      balances: 2,
      gameLedgerStakes: 2.45,
    };
    for (const [name, writeUnitsPerEntry] of Object.entries(measured)) {
      const count = SHARDS[name as keyof typeof SHARDS];
      expect(writeUnitsPerEntry / count).toBeLessThanOrEqual(MAX_KEY_WRITE_UNITS_PER_ENTRY);
      const perShard = (SURGE_TARGET.entriesPerSecond * HEADROOM * writeUnitsPerEntry) / count;
      expect(perShard).toBeLessThanOrEqual(PARTITION_LIMIT.writeUnitsPerSecond);
    }
  });
});

describe('reading every shard (platform/store/sharded-query.ts)', () => {
  const item = (sk: string) => ({ id: sk.slice(-1), gsi1sk: sk });

  it('merges the shards in sort-key order, as one unsharded query would answer', () => {
    const merged = mergeBySortKey(
      [
        [item('2026-01-01T00:00:02Z#b'), item('2026-01-01T00:00:05Z#e')],
        [],
        [item('2026-01-01T00:00:01Z#a'), item('2026-01-01T00:00:03Z#c'), item('2026-01-01T00:00:04Z#d')],
      ],
      'gsi1sk',
    );
    expect(merged.map((i) => i.id)).toEqual(['a', 'b', 'c', 'd', 'e']);
  });

  it('keeps "the oldest N": N from each shard, merged, cut to N', () => {
    const shardA = [item('01#a'), item('02#b'), item('03#c')];
    const shardB = [item('04#d'), item('05#e'), item('06#f')];
    const shardC = [item('00#z'), item('07#g'), item('08#h')];
    expect(mergeBySortKey([shardA, shardB, shardC], 'gsi1sk', 3).map((i) => i.id)).toEqual(['z', 'a', 'b']);
  });
});
