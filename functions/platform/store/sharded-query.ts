import { queryAll } from '../dynamo';
import type { ShardedKey } from './keys';

type Item = Record<string, unknown>;

/**
 * Every shard of a sharded index key (keys.ts ShardedKey) queried in
 * parallel, merged in sort-key order: the first `limit` items by
 * `sortAttribute` over all shards, as one unsharded query would give them.
 * Each shard is asked for its own first `limit` (the first `limit` overall
 * are among those). `query` builds one shard's query; its projection must
 * include `sortAttribute`.
 */
export async function queryShards(
  key: ShardedKey,
  query: (partition: string) => Parameters<typeof queryAll>[0],
  sortAttribute: string,
  limit = Infinity,
): Promise<Item[]> {
  const shards = await Promise.all(key.all.map((partition) => queryAll(query(partition), limit)));
  return mergeBySortKey(shards, sortAttribute, limit);
}

/** Lists each in ascending order of `sortAttribute`, merged into one in that order and cut to `limit`. */
export function mergeBySortKey(lists: ReadonlyArray<readonly Item[]>, sortAttribute: string, limit = Infinity): Item[] {
  const sortOf = (item: Item) => String(item[sortAttribute]);
  // DynamoDB orders string keys by their bytes; the keys here are ASCII, where code-unit order is the same
  const merged = lists.flat().sort((a, b) => (sortOf(a) < sortOf(b) ? -1 : sortOf(a) > sortOf(b) ? 1 : 0));
  return Number.isFinite(limit) ? merged.slice(0, limit) : merged;
}
