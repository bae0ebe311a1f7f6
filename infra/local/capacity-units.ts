import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { tableDefinition } from '@shared/db/table-definition';

/**
 * How DynamoDB bills a request, in one place: the rules the surge bench's
 * counter (./request-count.ts) applies to every request the functions send,
 * so its figures are counted, not timed, and the same on any machine
 * (test/unit/capacity-units.test.ts). From DynamoDB's documentation on read
 * and write units, item sizes and transactions:
 *
 * - An item's size is the sum of its attribute names' and values' sizes
 *   (`itemBytes`): strings and binaries their UTF-8 / byte length, a number
 *   1 byte per two significant digits plus 1, a boolean or null 1 byte, a
 *   list or map 3 bytes plus 1 per element plus its elements (a map's
 *   element names too), sets the sum of their members.
 * - A write costs 1 write unit per started KB of the item (at least 1):
 *   for an update or a delete the larger of the item before and after.
 *   A transactional write (each Put, Update, Delete or ConditionCheck of a
 *   TransactWriteItems) costs double. A write refused by its condition, or
 *   in a cancelled transaction, is billed like one that passed.
 * - A GSI whose key attributes the item carries (before or after) is written
 *   too, at the same rate, by the size of what it projects (every attribute,
 *   or the keys and its listed attributes): 1 write when the item enters or
 *   leaves the index, or stays in it under the same key — for an index that
 *   projects only some attributes, only if one of those changed — and 2 (a
 *   delete and a put) when its index key changes. A transaction's index
 *   writes cost double, as DynamoDB Local bills them.
 * - A read costs 1 read unit per started 4 KB (at least 1): per item for
 *   GetItem and BatchGetItem (a missing item still costs the minimum), per
 *   request for Query over the sum of the items it evaluated (filtered-out
 *   ones too). Eventually consistent reads cost half, transactional reads
 *   double. A projection does not make an item cheaper to read.
 *
 * Deliberate differences from DynamoDB Local's own ConsumedCapacity, which
 * the bench prints beside ours: DynamoDB Local bills a ConditionCheck and an
 * empty Query nothing, where these rules bill them as above.
 */
const WRITE_UNIT_BYTES = 1024;
const READ_UNIT_BYTES = 4096;

export type Item = Record<string, AttributeValue>;

const utf8 = (text: string) => Buffer.byteLength(text, 'utf8');

/** A number's stored size: 1 byte per two significant digits, plus 1. */
function numberBytes(text: string): number {
  const digits = text.replace(/^[-+]/, '').replace(/e.*$/i, '').replace('.', '').replace(/^0+/, '').replace(/0+$/, '');
  return Math.ceil(Math.max(digits.length, 1) / 2) + 1;
}

function valueBytes(value: AttributeValue): number {
  if (value.S !== undefined) return utf8(value.S);
  if (value.N !== undefined) return numberBytes(value.N);
  if (value.B !== undefined) return value.B.length;
  if (value.BOOL !== undefined || value.NULL !== undefined) return 1;
  if (value.SS) return value.SS.reduce((sum, s) => sum + utf8(s), 0);
  if (value.NS) return value.NS.reduce((sum, n) => sum + numberBytes(n), 0);
  if (value.BS) return value.BS.reduce((sum, b) => sum + b.length, 0);
  if (value.L) return 3 + value.L.reduce((sum, v) => sum + 1 + valueBytes(v), 0);
  if (value.M) return 3 + Object.entries(value.M).reduce((sum, [k, v]) => sum + 1 + utf8(k) + valueBytes(v), 0);
  return 0;
}

/** An item's size as DynamoDB counts it. */
export function itemBytes(item: Item): number {
  return Object.entries(item).reduce((sum, [name, value]) => sum + utf8(name) + valueBytes(value), 0);
}

/** Write units of one item written of `bytes` (the larger of before and after). */
export function writeUnits(bytes: number, transactional: boolean): number {
  return Math.max(1, Math.ceil(bytes / WRITE_UNIT_BYTES)) * (transactional ? 2 : 1);
}

export type ReadKind = 'eventual' | 'consistent' | 'transactional';

/** Read units of one read of `bytes` (an item, or the items a Query evaluated). */
export function readUnits(bytes: number, kind: ReadKind): number {
  const units = Math.max(1, Math.ceil(bytes / READ_UNIT_BYTES));
  return kind === 'eventual' ? units / 2 : kind === 'transactional' ? units * 2 : units;
}

/** An item's key in one GSI (`pk` + sort key), or undefined when it is not in that index. */
function indexKey(item: Item | undefined, index: { partitionKey: string; sortKey: string }) {
  const pk = item?.[index.partitionKey]?.S;
  const sk = item?.[index.sortKey];
  if (pk === undefined || sk === undefined) return undefined;
  return { pk, sk: sk.S ?? sk.N ?? '' };
}

/** One index write of an item write: the index, its partition key, and its units. */
export interface IndexWrite {
  readonly indexName: string;
  readonly pk: string;
  readonly units: number;
}

/**
 * The GSI writes of one item write, from the item before (undefined: it did
 * not exist, or was never seen) and after (undefined: deleted).
 */
export function indexWrites(before: Item | undefined, after: Item | undefined, transactional: boolean): IndexWrite[] {
  return tableDefinition.globalSecondaryIndexes.flatMap((index) => {
    const was = indexKey(before, index);
    const is = indexKey(after, index);
    const old = before && projected(before, index);
    const now = after && projected(after, index);
    const write = (pk: string, size: number) => ({
      indexName: index.indexName,
      pk,
      units: writeUnits(size, transactional),
    });
    if (was && is && (was.pk !== is.pk || was.sk !== is.sk))
      return [write(was.pk, itemBytes(old!)), write(is.pk, itemBytes(now!))];
    if (was && is && index.projection !== 'ALL' && sameValues(old!, now!)) return [];
    if (is) return [write(is.pk, Math.max(old ? itemBytes(old) : 0, itemBytes(now!)))];
    if (was) return [write(was.pk, itemBytes(old!))];
    return [];
  });
}

type IndexDefinition = (typeof tableDefinition.globalSecondaryIndexes)[number];

/** What an index keeps of an item: all of it, or the table's and index's keys and its listed attributes. */
function projected(item: Item, index: IndexDefinition): Item {
  if (index.projection === 'ALL') return item;
  const kept = [
    tableDefinition.partitionKey,
    tableDefinition.sortKey,
    index.partitionKey,
    index.sortKey,
    ...index.projection,
  ];
  return Object.fromEntries(kept.flatMap((name) => (item[name] ? [[name, item[name]] as const] : [])));
}

const sameValues = (a: Item, b: Item): boolean =>
  Object.keys(a).length === Object.keys(b).length &&
  Object.entries(a).every(([name, value]) => JSON.stringify(value) === JSON.stringify(b[name]));
