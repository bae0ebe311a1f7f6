import { BatchGetItemCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { marshall } from '@aws-sdk/util-dynamodb';
import { tableDefinition } from '@shared/db/table-definition';
import { config } from '../../functions/platform/config';
import { LOCAL_CREDENTIALS } from '../../functions/platform/dynamo';
import { observeLocalRequests, type ObservedRequest } from '../../functions/platform/local-requests';
import { indexWrites, itemBytes, readUnits, writeUnits, type Item, type ReadKind } from './capacity-units';
import { runningLambda } from './table-access';

/** What a set of requests cost: requests, billed units (./capacity-units.ts) and items touched. */
export interface Tally {
  requests: number;
  writeUnits: number;
  readUnits: number;
  itemWrites: number;
  itemReads: number;
}

/** Everything counted since the last reset. Partitions are keyed `<table|gsi1|gsi2|gsi3> <partition key>`. */
export interface RequestCounts {
  readonly total: Tally;
  readonly byLambda: Map<string, Tally>;
  readonly byOperation: Map<string, Tally>;
  readonly byPartition: Map<string, Tally>;
  /** DynamoDB Local's own ConsumedCapacity over the same requests, beside ours. */
  readonly dynamoLocal: { writeUnits: number; readUnits: number };
  /** Requests DynamoDB refused (a failed condition, a cancelled transaction), per operation: billed all the same here. */
  readonly refusedByOperation: Map<string, number>;
}

const emptyTally = (): Tally => ({ requests: 0, writeUnits: 0, readUnits: 0, itemWrites: 0, itemReads: 0 });
const emptyCounts = (): RequestCounts => ({
  total: emptyTally(),
  byLambda: new Map(),
  byOperation: new Map(),
  byPartition: new Map(),
  dynamoLocal: { writeUnits: 0, readUnits: 0 },
  refusedByOperation: new Map(),
});

const WRITE_OPERATIONS = new Set(['PutItem', 'UpdateItem', 'DeleteItem', 'BatchWriteItem', 'TransactWriteItems']);
const PK = tableDefinition.partitionKey;
const SK = tableDefinition.sortKey;
const keyOf = (item: Item) => ({ [PK]: item[PK]!, [SK]: item[SK]! });
const idOf = (item: Item) => `${item[PK]?.S}\u0000${item[SK]?.S}`;

/**
 * An item in DynamoDB's attribute form. The hook sees the document client's
 * requests before it marshals them and its answers after it unmarshals them
 * (plain values: `pk` a string), as DynamoDB does not.
 */
function asItem(item: unknown): Item {
  const record = (item ?? {}) as Record<string, unknown>;
  return typeof record[PK] === 'string' || !Object.values(record).every(isAttribute)
    ? marshall(record, { removeUndefinedValues: true, convertClassInstanceToMap: true })
    : (record as Item);
}
const isAttribute = (value: unknown) =>
  typeof value === 'object' &&
  value !== null &&
  !Array.isArray(value) &&
  Object.keys(value).length === 1 &&
  ['S', 'N', 'B', 'BOOL', 'NULL', 'M', 'L', 'SS', 'NS', 'BS'].includes(Object.keys(value)[0]!);
const asItems = (items: unknown) => ((items ?? []) as unknown[]).map(asItem);

type TransactEntry = Record<string, { Item?: Item; Key?: Item } | undefined>;

/**
 * Counts every DynamoDB request a Lambda of this process sends (the surge
 * bench, DESIGN section 10): write and read units as DynamoDB bills them,
 * per Lambda, per operation and per partition key (the table's and each
 * GSI's). Local only, through the client's observer hook
 * (functions/platform/local-requests.ts); requests outside a Lambda (the
 * bench's own reads, fixtures) are not counted. An update's item size is
 * not in its request, so the item is read after it (by a client of its
 * own, uncounted): counting adds requests to DynamoDB Local, so timed
 * figures are taken with the counter stopped.
 */
export class RequestCounter {
  private counts = emptyCounts();
  /** Each item's last known full image: an update's or delete's "before". */
  private readonly images = new Map<string, Item>();
  private probe?: DynamoDBClient;
  /** Requests the counter could not count (reported once; the bench prints the number). */
  slips = 0;

  start(): void {
    this.probe ??= new DynamoDBClient({
      endpoint: config.dynamoEndpoint(),
      region: config.region(),
      credentials: LOCAL_CREDENTIALS,
    });
    // a counting slip must never fail the function's own request: it is reported once, and the run goes on
    observeLocalRequests((request) =>
      this.observe(request).catch((error: unknown) => {
        if (this.slips++ === 0) console.error('[request-count] a request could not be counted:', error);
      }),
    );
  }

  stop(): void {
    observeLocalRequests(undefined);
    this.probe?.destroy();
    this.probe = undefined;
  }

  /** Requests counted since the last take (to wait until the functions are quiet). */
  requestsSoFar(): number {
    return this.counts.total.requests;
  }

  /** What was counted since the last take, and start again from zero. */
  take(): RequestCounts {
    const counts = this.counts;
    this.counts = emptyCounts();
    return counts;
  }

  private tally(lambda: string, operation: string, partition: string | undefined, add: Partial<Tally>): void {
    const tallies = [
      this.counts.total,
      at(this.counts.byLambda, lambda),
      at(this.counts.byOperation, operation),
      ...(partition === undefined ? [] : [at(this.counts.byPartition, partition)]),
    ];
    for (const tally of tallies)
      for (const [name, value] of Object.entries(add)) tally[name as keyof Tally] += value ?? 0;
  }

  private async observe({ operation, input, output, error }: ObservedRequest): Promise<void> {
    const lambda = runningLambda();
    if (!lambda) return;
    this.tally(lambda, operation, undefined, { requests: 1 });
    this.addDynamoLocal(operation, output);
    if (error) this.counts.refusedByOperation.set(operation, (this.counts.refusedByOperation.get(operation) ?? 0) + 1);
    const consistent: ReadKind = input.ConsistentRead ? 'consistent' : 'eventual';
    switch (operation) {
      case 'PutItem': {
        const item = asItem(input.Item);
        await this.written(lambda, operation, [[item, error ? undefined : item, false]]);
        return;
      }
      case 'UpdateItem':
        await this.written(lambda, operation, [[asItem(input.Key), undefined, false]]);
        return;
      case 'DeleteItem':
        await this.written(lambda, operation, [[asItem(input.Key), error ? undefined : null, false]]);
        return;
      case 'BatchWriteItem': {
        const requests = Object.values(
          input.RequestItems as Record<string, Array<Record<string, { Item?: Item; Key?: Item }>>>,
        ).flat();
        await this.written(
          lambda,
          operation,
          requests.map(
            (r): Written =>
              r.PutRequest
                ? [asItem(r.PutRequest.Item), asItem(r.PutRequest.Item), false]
                : [asItem(r.DeleteRequest?.Key), null, false],
          ),
        );
        return;
      }
      case 'TransactWriteItems': {
        const entries = (input.TransactItems as TransactEntry[]).map((entry): Written => {
          const [kind, request] = Object.entries(entry)[0]!;
          if (kind === 'Put') return [asItem(request?.Item), error ? undefined : asItem(request?.Item), true];
          if (kind === 'Delete' && !error) return [asItem(request?.Key), null, true];
          return [asItem(request?.Key), undefined, true];
        });
        await this.written(lambda, operation, entries);
        return;
      }
      case 'GetItem':
        this.read(lambda, operation, [asItem(input.Key)], output?.Item ? [asItem(output.Item)] : [], input, consistent);
        return;
      case 'BatchGetItem': {
        const asked = Object.values(input.RequestItems as Record<string, { Keys: Item[]; ConsistentRead?: boolean }>);
        const found = Object.values((output?.Responses ?? {}) as Record<string, unknown[]>).flatMap(asItems);
        const kind: ReadKind = asked.some((a) => a.ConsistentRead) ? 'consistent' : 'eventual';
        this.read(
          lambda,
          operation,
          asked.flatMap((a) => asItems(a.Keys)),
          found,
          asked[0] as Record<string, unknown>,
          kind,
        );
        return;
      }
      case 'Query':
      case 'Scan':
        this.queried(lambda, operation, input, output, consistent);
        return;
    }
  }

  /** Each item written: its key (or whole item), its image after (undefined: read it now; null: deleted), transactional. */
  private async written(lambda: string, operation: string, items: Written[]): Promise<void> {
    const unknown = items.filter(([, after]) => after === undefined).map(([key]) => key);
    const read = await this.readImages(unknown);
    for (const [keyOrItem, after, transactional] of items) {
      const id = idOf(keyOrItem);
      const before = this.images.get(id);
      const image = after === null ? undefined : (after ?? read.get(id) ?? before);
      const bytes = Math.max(before ? itemBytes(before) : 0, image ? itemBytes(image) : 0);
      this.tally(lambda, operation, `table ${keyOrItem[PK]?.S}`, {
        writeUnits: writeUnits(bytes, transactional),
        itemWrites: 1,
      });
      for (const index of indexWrites(before, image, transactional))
        this.tally(lambda, operation, `${index.indexName} ${index.pk}`, { writeUnits: index.units, itemWrites: 1 });
      if (image) this.images.set(id, image);
      else this.images.delete(id);
    }
  }

  /** Items of a GetItem or BatchGetItem: each billed on its own, a missing one at the minimum. */
  private read(
    lambda: string,
    operation: string,
    keys: Item[],
    found: Item[],
    input: Record<string, unknown>,
    kind: ReadKind,
  ): void {
    const byId = new Map(found.map((item) => [idOf(item), item]));
    for (const key of keys) {
      const item = byId.get(idOf(key));
      const bytes = item ? this.fullBytes(item, Boolean(input.ProjectionExpression)) : 0;
      this.tally(lambda, operation, `table ${key[PK]?.S}`, {
        readUnits: readUnits(bytes, kind),
        itemReads: item ? 1 : 0,
      });
    }
  }

  /** A Query or Scan page: billed on the sum of what it evaluated; filtered-out items at the returned ones' mean size. */
  private queried(
    lambda: string,
    operation: string,
    input: Record<string, unknown>,
    output: Record<string, unknown> | undefined,
    kind: ReadKind,
  ): void {
    const items = asItems(output?.Items);
    const projected = Boolean(input.ProjectionExpression);
    const returned = items.reduce((sum, item) => sum + this.fullBytes(item, projected), 0);
    const scanned = Number(output?.ScannedCount ?? items.length);
    const filtered = Math.max(0, scanned - items.length) * (items.length ? returned / items.length : 0);
    const partition = operation === 'Query' ? queriedPartition(input) : undefined;
    this.tally(lambda, operation, partition ?? `${input.IndexName ?? 'table'} (scan)`, {
      readUnits: readUnits(returned + filtered, kind),
      itemReads: scanned,
    });
  }

  /** An item's billed size: a projected one at least as large as its last full image. */
  private fullBytes(item: Item, projected: boolean): number {
    const id = idOf(item);
    if (!projected && item[PK] && item[SK]) this.images.set(id, item);
    return Math.max(itemBytes(item), projected ? itemBytes(this.images.get(id) ?? {}) : 0);
  }

  private async readImages(itemKeys: Item[]): Promise<Map<string, Item>> {
    if (itemKeys.length === 0) return new Map();
    const unique = [...new Map(itemKeys.map((key) => [idOf(key), keyOf(key)])).values()];
    const table = config.tableName();
    const result = await this.probe!.send(
      new BatchGetItemCommand({ RequestItems: { [table]: { Keys: unique, ConsistentRead: true } } }),
    );
    return new Map((result.Responses?.[table] ?? []).map((item) => [idOf(item), item]));
  }

  private addDynamoLocal(operation: string, output: Record<string, unknown> | undefined): void {
    const consumed = output?.ConsumedCapacity as
      | { CapacityUnits?: number }
      | Array<{ CapacityUnits?: number }>
      | undefined;
    const units = [consumed ?? []].flat().reduce((sum, c) => sum + (c.CapacityUnits ?? 0), 0);
    if (WRITE_OPERATIONS.has(operation)) this.counts.dynamoLocal.writeUnits += units;
    else this.counts.dynamoLocal.readUnits += units;
  }
}

type Written = [keyOrItem: Item, after: Item | null | undefined, transactional: boolean];

function at(map: Map<string, Tally>, key: string): Tally {
  let tally = map.get(key);
  if (!tally) map.set(key, (tally = emptyTally()));
  return tally;
}

/** The partition a Query names (`<pk attribute> = :v`), as `<table|index> <value>`. */
function queriedPartition(input: Record<string, unknown>): string | undefined {
  const indexName = input.IndexName as string | undefined;
  const pkName = indexName
    ? tableDefinition.globalSecondaryIndexes.find((i) => i.indexName === indexName)?.partitionKey
    : PK;
  const names = (input.ExpressionAttributeNames ?? {}) as Record<string, string>;
  const values = (input.ExpressionAttributeValues ?? {}) as Record<string, { S?: string } | string>;
  for (const [, name, value] of String(input.KeyConditionExpression ?? '').matchAll(/([#\w]+)\s*=\s*(:\w+)/g))
    if ((names[name!] ?? name) === pkName) {
      const pk = values[value!];
      return `${indexName ?? 'table'} ${typeof pk === 'string' ? pk : pk?.S}`;
    }
  return undefined;
}
