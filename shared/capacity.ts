/**
 * The on-air surge's targets (DESIGN section 10, issue 32) and the table's
 * shard counts that follow from them, in one place: infra/capacity.ts sizes
 * AWS from the same targets, functions/platform/store/keys.ts spreads its
 * shared index keys over these shard counts, and the surge bench
 * (bench/surge*.ts) prints the rate at which each limit binds.
 */
export const SURGE_TARGET = {
  /** Entries a second across the platform, sustained for the 10 minutes of an on-air call. */
  entriesPerSecond: 1_000,
  /** Entries a second on one promotion. */
  entriesPerSecondPerPromotion: 300,
} as const;

/** Room above the target for a burst's first seconds and for a miscount. */
export const HEADROOM = 1.5;

/** DynamoDB's limit per partition key, for the table and each GSI alike. */
export const PARTITION_LIMIT = { writeUnitsPerSecond: 1_000, readUnitsPerSecond: 3_000 } as const;

/** Shards a platform-wide key needs to stay under the partition limit at the target with headroom. */
const shardsFor = (writeUnitsPerEntry: number): number =>
  Math.ceil((SURGE_TARGET.entriesPerSecond * HEADROOM * writeUnitsPerEntry) / PARTITION_LIMIT.writeUnitsPerSecond);

/**
 * How many partitions each index key written once (or more) per entry is
 * spread over (DESIGN section 10: nothing written once per entry on a shared
 * key). Each is platform-wide, so it is sized for 1,000 entries/s × 1.5 =
 * 1,500 entries/s from the write units per entry the surge bench counted on
 * the one key before it was sharded (`npm run bench -- surge`, issue 32):
 * shards = ⌈1,500 × WU per entry ÷ 1,000 WU/s⌉, so each shard takes at most
 * 1,000 WU/s at the target with headroom.
 */
export const SHARDS = {
  /** PENDINGPAY: 5.69 WU/entry (every update of a pending entry rewrites its index entry): 8,535 WU/s → 9 of ≤ 949. */
  pendingPayments: shardsFor(5.69),
  /** SMSUNSENT: 3.19 WU/entry: 4,785 WU/s → 5 of ≤ 957. */
  unsentSms: shardsFor(3.19),
  /** SMSDUE: 2.0 WU/entry (every SMS's claim moves its place): 3,000 WU/s → 3 of ≤ 1,000. */
  smsDue: shardsFor(2),
  /** CONNECTIONS: 2.5 WU/entry (each player's page socket, indexed for the sweep): 3,750 WU/s → 4 of ≤ 938. */
  connections: shardsFor(2.5),
} as const;

/**
 * The shard (0 … count − 1) an item with this id is written to: FNV-1a (32
 * bits) of the id, modulo `count`. Stable, so an item keeps its shard
 * through every update; spread evenly over random ids (UUIDs).
 */
export function shard(id: string, count: number): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < id.length; i += 1) {
    hash ^= id.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0) % count;
}
