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

/**
 * At most this many write units a second on one partition key per entry a second (issue 32's bar: no key
 * takes more than 1 write per 3 entries, so the partition limit binds only at 3,000 entries/s, twice the
 * platform target with headroom).
 */
export const MAX_KEY_WRITE_UNITS_PER_ENTRY = 1 / 3;

/**
 * Room for an uneven spread: ids hash evenly over shards in the long run, but over a burst's first hundred entries the
 * busiest shard takes well over its share (the surge bench saw 0.43 WU per entry on one of 18 shards sized for 0.32),
 * so a shard count is twice what an even spread would need.
 */
const UNEVEN_SPREAD = 2;

/** Shards a platform-wide key written `writeUnitsPerEntry` times per entry needs to meet that bar. */
const shardsFor = (writeUnitsPerEntry: number): number =>
  Math.ceil((writeUnitsPerEntry / MAX_KEY_WRITE_UNITS_PER_ENTRY) * UNEVEN_SPREAD);

/**
 * How many partitions each index key written once (or more) per entry is
 * spread over (DESIGN section 10: nothing written once per entry on a shared
 * key), from the write units per entry the surge bench counted on the one
 * key before it was sharded (`npm run bench -- surge`, issue 32): shards =
 * ⌈WU per entry × 3 × 2⌉, so each shard takes at most 1 WU per 3 entries
 * even spread unevenly, and reaches DynamoDB's 1,000 WU/s only at 3,000
 * entries/s (the platform target of 1,000/s with twice the 1.5 headroom).
 */
export const SHARDS = {
  /**
   * PENDINGPAY: 5.69 WU/entry when every update of a pending entry rewrote its index entry → 35 of ≤ 0.16; in gsi3
   * (keys and id only) it is written when an entry joins and leaves, 2.2–3.0 WU/entry, and keeps its 35 shards (an
   * entry's shard follows its id: fewer would hide the pending entries of the shards dropped).
   */
  pendingPayments: shardsFor(5.69),
  /**
   * SMSDUE: 3.45 WU/entry (every SMS's claim moves its place; a ticket's SMS enters it in its settlement's transaction,
   * billed twice) → 21 of ≤ 0.17. A batch's ticket SMS now enter it as one item (functions/modules/messages/owed-batches.ts):
   * 0.5 WU per entry of one promotion's full batches, up to 3 when ten promotions' batches hold an entry each.
   */
  smsDue: shardsFor(3.45),
  /**
   * CONNECTIONS: 2.5 WU/entry when each player's page socket was indexed for the sweep → 15 of ≤ 0.17; staff sockets
   * only now (functions/modules/live/store/connections.ts), kept so a shift's 500 dashboards opening at once never bind.
   */
  connections: shardsFor(2.5),
  /**
   * ASSIGNMENTS: 2.13 WU per entry across ten promotions when each settlement batch's update of its assignment rewrote
   * its index entry (gsi1, every attribute), sharded by partner so a partner's list stays one query; 16 rather than
   * ⌈2.13 × 3 × 2⌉ = 13, so the ten promotions of the surge bench (one partner each) share a shard only by chance. In
   * gsi3 (keys only) since: written when an assignment is made or moved, never by settlement.
   */
  assignments: 16,
  /**
   * BALANCES#<role>: 2 WU per entry (each settlement batch updates each payee's balance, rewriting its index entry;
   * all of a role's balances shared one key) → 12 of ≤ 0.17, by the balance (user and promotion). In gsi3 (keys only)
   * since: written when a balance is first made, never by its updates.
   */
  balances: shardsFor(2),
  /**
   * GAMELEDGER#<day>#s<n>: 2.45 WU per entry (each paid entry's stake line, written in a transaction, and again when
   * a batch's transaction is cancelled; four parts took 0.67 WU per entry on the busiest) → 15 of ≤ 0.16; a period's
   * report reads one more query per day and part. Since a settlement batch books its stakes in one item (6 WU a
   * batch of up to 40) far fewer; the count stays, as the days booked before that are spread over these parts.
   */
  gameLedgerStakes: shardsFor(2.45),
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
