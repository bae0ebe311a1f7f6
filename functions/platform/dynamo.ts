import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import {
  BatchGetCommand,
  DynamoDBDocumentClient,
  QueryCommand,
  TransactWriteCommand,
  type QueryCommandInput,
  type TransactWriteCommandInput,
} from '@aws-sdk/lib-dynamodb';
import { config } from './config';
import { addLocalHooks, localHooksGeneration } from './local-requests';
import { sleep } from './pause';
import { contended, retryOnConflict, type RetryOptions } from './retry';
import { tracedClient } from './tracing';

/**
 * The keys every client of DynamoDB Local signs with. DynamoDB Local checks
 * no signature (and runs with -sharedDb), so these protect nothing: it is
 * bound to 127.0.0.1 only (infra/local/dynamodb-local.ts), which does.
 */
export const LOCAL_CREDENTIALS = { accessKeyId: 'local', secretAccessKey: 'local' } as const;

let client: DynamoDBDocumentClient | undefined;
let clientEndpoint: string | undefined;
let clientHooks = -1;

/** The one DynamoDB document client (one place per client: STYLE.md). */
export function db(): DynamoDBDocumentClient {
  const endpoint = config.dynamoEndpoint();
  if (!client || clientEndpoint !== endpoint || clientHooks !== localHooksGeneration()) {
    const base = new DynamoDBClient({
      region: config.region(),
      ...(endpoint ? { endpoint, credentials: LOCAL_CREDENTIALS } : {}),
      maxAttempts: 5,
    });
    withoutSdkLogging(base);
    // the local stack's IAM check and the bench's counter (./local-requests.ts); never in AWS
    if (endpoint) addLocalHooks(base);
    client = DynamoDBDocumentClient.from(tracedClient(base), {
      marshallOptions: { removeUndefinedValues: true },
    });
    clientEndpoint = endpoint;
    clientHooks = localHooksGeneration();
  }
  return client;
}

export const tableName = (): string => config.tableName();

/** One item of a transaction: the store's operations hand these to each other to write in one TransactWrite. */
export type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

/**
 * Drop the SDK's logger middleware from a client. We give the SDK no
 * logger, yet the middleware still copies every call's input and output
 * through the sensitive-data filter for a log line nobody writes — a walk
 * of every item read or written (a third of the client's CPU on a
 * 20-item query, measured). Failures still reach us as thrown errors, which our
 * own logger records.
 */
export function withoutSdkLogging(sdkClient: { middlewareStack: { remove(name: string): boolean } }): void {
  sdkClient.middlewareStack.remove('loggerMiddleware');
}

/** True when a write lost a ConditionExpression (alone or inside a transaction). */
export function isConditionFailure(error: unknown): boolean {
  const name = (error as { name?: string } | null)?.name;
  if (name === 'ConditionalCheckFailedException') return true;
  if (name === 'TransactionCanceledException') {
    const reasons = (error as { CancellationReasons?: Array<{ Code?: string }> }).CancellationReasons ?? [];
    return reasons.some((r) => r.Code === 'ConditionalCheckFailed');
  }
  return false;
}

/**
 * True when a transaction was cancelled because another transaction was
 * writing the same item at that moment (DynamoDB does not wait: the loser is
 * cancelled). The other writer won; the caller may retry or answer 409.
 */
export function isTransactionConflict(error: unknown): boolean {
  const { name, CancellationReasons } = (error ?? {}) as {
    name?: string;
    CancellationReasons?: Array<{ Code?: string }>;
  };
  return (
    name === 'TransactionConflictException' ||
    (name === 'TransactionCanceledException' &&
      (CancellationReasons ?? []).some((r) => r.Code === 'TransactionConflict'))
  );
}

/** Socket errors meaning the database could not be reached at all (refused, reset, timed out, no route). */
const UNREACHABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
/** SDK error names for a database that did not answer in time or said it is unavailable. */
const UNAVAILABLE_NAMES = new Set([
  'TimeoutError',
  'RequestTimeout',
  'ServiceUnavailable',
  'ServiceUnavailableException',
]);

/**
 * True when a DynamoDB call failed because the database was unreachable or
 * unavailable after the SDK's own retries (DESIGN section 7: the caller gets
 * a 503 and may try again; it is no bug of ours). Only SDK errors count
 * (they carry `$metadata`), so another dependency's socket error is not
 * mistaken for the database's.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (!error || typeof error !== 'object' || !('$metadata' in error)) return false;
  const { code, name } = error as { code?: string; name?: string };
  return (code !== undefined && UNREACHABLE_CODES.has(code)) || (name !== undefined && UNAVAILABLE_NAMES.has(name));
}

/** How a labelled transaction ended: committed, or each label whose item's condition failed, or busy (a conflicting transaction). `error`: the cancellation itself, for a caller with no answer of its own to throw. */
export type LabelledCommit<L> =
  | { committed: true }
  | { committed: false; failed: L[]; busy: false; error: unknown }
  | { committed: false; failed: []; busy: true; error: unknown };

/**
 * Write `items` in ONE transaction, each labelled with what its condition
 * failing would mean, and say which labels failed rather than throw: the
 * store operations built on it turn labels into their typed outcomes. The
 * one TransactWriteItems call of the code base. Anything else (a bad
 * request, an unreachable table) is thrown.
 */
export async function commitLabelled<L>(items: ReadonlyArray<readonly [TransactItem, L]>): Promise<LabelledCommit<L>> {
  try {
    await db().send(new TransactWriteCommand({ TransactItems: items.map(([item]) => item) }));
    return { committed: true };
  } catch (error) {
    if (isConditionFailure(error)) {
      // the cancellation's reasons follow the items' order: each failed condition names its item's label
      const reasons = (error as { CancellationReasons?: Array<{ Code?: string }> }).CancellationReasons ?? [];
      const failed = reasons.flatMap((r, i) => (r.Code === 'ConditionalCheckFailed' ? [items[i]![1]] : []));
      return { committed: false, failed, busy: false, error };
    }
    if (isTransactionConflict(error)) return { committed: false, failed: [], busy: true, error };
    throw error;
  }
}

/** Items whose conditions need no names (the caller answers any failure alike), for commitLabelled. */
const unlabelled = (items: readonly TransactItem[]) => items.map((item) => [item, undefined] as const);

/** ONE transaction whose every failure is the caller's caller's to answer: thrown as DynamoDB gave it (a lost race is a 409). */
export async function commitAll(items: readonly TransactItem[]): Promise<void> {
  const outcome = await commitLabelled(unlabelled(items));
  if (!outcome.committed) throw outcome.error;
}

/** ONE transaction; false when a condition failed (whichever: they all mean the same here). A conflicting transaction's cancellation is thrown. */
export async function commitIfConditionsHold(items: readonly TransactItem[]): Promise<boolean> {
  const outcome = await commitLabelled(unlabelled(items));
  if (outcome.committed) return true;
  if (outcome.busy) throw outcome.error;
  return false;
}

/**
 * commitLabelled, tried again while only a conflicting transaction cancelled
 * it (the loser learns nothing else), up to `retry.attempts` times; still
 * busy then, the cancellation is thrown (a lost race: 409).
 */
export async function commitLabelledRetried<L>(
  items: ReadonlyArray<readonly [TransactItem, L]>,
  retry: RetryOptions,
): Promise<{ committed: true } | { committed: false; failed: L[]; error: unknown }> {
  return retryOnConflict(async () => {
    const outcome = await commitLabelled(items);
    return !outcome.committed && outcome.busy ? contended(outcome.error) : outcome;
  }, retry);
}

type QueryInput = Omit<QueryCommandInput, 'TableName' | 'ExclusiveStartKey'>;

/**
 * A query's pages, one at a time, following LastEvaluatedKey: the one
 * pagination loop of the code base. Stores call this (or queryAll) rather
 * than following LastEvaluatedKey themselves, and stop iterating once they
 * have what they need. `pageLimit`, when given, is asked before each page for
 * its Limit (so a caller can size the next page by what it still needs).
 */
export async function* queryPages(
  input: QueryInput,
  pageLimit?: () => number,
): AsyncGenerator<Array<Record<string, unknown>>, void, undefined> {
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await db().send(
      new QueryCommand({
        ...input,
        TableName: tableName(),
        ExclusiveStartKey: startKey,
        ...(pageLimit ? { Limit: pageLimit() } : {}),
      }),
    );
    yield page.Items ?? [];
    startKey = page.LastEvaluatedKey;
  } while (startKey);
}

/** Every item a query matches, page after page (up to `limit` items when given). */
export async function queryAll(input: QueryInput, limit = Infinity): Promise<Array<Record<string, unknown>>> {
  const items: Array<Record<string, unknown>> = [];
  const remaining = Number.isFinite(limit) ? () => limit - items.length : undefined;
  for await (const page of queryPages(input, remaining)) {
    items.push(...page);
    if (items.length >= limit) break;
  }
  return items;
}

export type ItemKey = { pk: string; sk: string };

/** One item's primary key as a string: how batchGetAll's answer is looked up. */
export const keyId = (key: ItemKey): string => `${key.pk}\u0000${key.sk}`;

const BATCH_GET_MAX = 100;
/** The pauses before asking again for what a batch read or write left unprocessed (./store/batch-write.ts too). */
export const UNPROCESSED_BACKOFF_MS = [25, 50, 100, 200, 400, 800];

/**
 * The items that exist among `itemKeys`, keyed by keyId: the one BatchGetItem
 * loop of the code base. Repeated keys are asked for once, requests of up to
 * 100 keys go out together, and keys DynamoDB leaves unprocessed (it does,
 * under throttling) are asked for again after a growing pause.
 */
export async function batchGetAll(
  itemKeys: readonly ItemKey[],
  options: { consistent?: boolean; projection?: string } = {},
): Promise<Map<string, Record<string, unknown>>> {
  const unique = [...new Map(itemKeys.map((key) => [keyId(key), { pk: key.pk, sk: key.sk }])).values()];
  const found = new Map<string, Record<string, unknown>>();
  const chunks = Array.from({ length: Math.ceil(unique.length / BATCH_GET_MAX) }, (_, i) =>
    unique.slice(i * BATCH_GET_MAX, (i + 1) * BATCH_GET_MAX),
  );
  await Promise.all(
    chunks.map(async (chunk) => {
      let pending: Array<Record<string, unknown>> = chunk;
      for (let attempt = 0; pending.length > 0; attempt += 1) {
        if (attempt > 0) await sleep(UNPROCESSED_BACKOFF_MS[Math.min(attempt, UNPROCESSED_BACKOFF_MS.length) - 1]!);
        const table = tableName();
        const result = await db().send(
          new BatchGetCommand({
            RequestItems: {
              [table]: {
                Keys: pending,
                ...(options.consistent ? { ConsistentRead: true } : {}),
                // the key is always read too: it is how the answer is looked up
                ...(options.projection ? { ProjectionExpression: `pk, sk, ${options.projection}` } : {}),
              },
            },
          }),
        );
        for (const item of result.Responses?.[table] ?? []) found.set(keyId(item as ItemKey), item);
        pending = result.UnprocessedKeys?.[table]?.Keys ?? [];
      }
    }),
  );
  return found;
}
