import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, QueryCommand, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import { config } from './config';

let client: DynamoDBDocumentClient | undefined;
let clientEndpoint: string | undefined;

/** The one DynamoDB document client (one place per client: STYLE.md). */
export function db(): DynamoDBDocumentClient {
  const endpoint = config.dynamoEndpoint();
  if (!client || clientEndpoint !== endpoint) {
    const base = new DynamoDBClient({
      region: config.region(),
      ...(endpoint
        ? { endpoint, credentials: { accessKeyId: 'local', secretAccessKey: 'local' } }
        : {}),
      maxAttempts: 5,
    });
    withoutSdkLogging(base);
    client = DynamoDBDocumentClient.from(base, {
      marshallOptions: { removeUndefinedValues: true },
    });
    clientEndpoint = endpoint;
  }
  return client;
}

export const tableName = (): string => config.tableName();

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
  const { name, CancellationReasons } = (error ?? {}) as { name?: string; CancellationReasons?: Array<{ Code?: string }> };
  return (
    name === 'TransactionConflictException' ||
    (name === 'TransactionCanceledException' && (CancellationReasons ?? []).some((r) => r.Code === 'TransactionConflict'))
  );
}

/** Which items of a cancelled transaction failed their condition (indexes into TransactItems). */
export function failedConditionIndexes(error: unknown): number[] {
  const reasons = (error as { CancellationReasons?: Array<{ Code?: string }> }).CancellationReasons ?? [];
  return reasons.flatMap((r, i) => (r.Code === 'ConditionalCheckFailed' ? [i] : []));
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
