import { AsyncLocalStorage } from 'node:async_hooks';
import { appendFileSync } from 'node:fs';
import { tableDefinition } from '@shared/db/table-definition';
import type { LambdaName } from '../../functions/lambdas/manifest';
import { checkLocalRequests } from '../../functions/platform/local-requests';
import { tableAccess, type TableAccess } from '../table-access';

/**
 * IAM for the local stack: DynamoDB Local checks no permission, so every
 * request a Lambda makes here is checked against the same policy CDK gives
 * that Lambda in AWS (infra/table-access.ts), item by item as IAM does
 * (each item of a transaction or batch is authorised on its own). A write
 * outside the Lambda's partitions is refused with AccessDeniedException, as
 * AWS would refuse it, so the integration and browser suites prove the
 * policies cover every write they make before a deploy does. Code outside a
 * Lambda (the stack's seeding, tests' fixtures) is not checked, as a deploy
 * script's own credentials are not the functions'.
 */
const currentLambda = new AsyncLocalStorage<LambdaName>();

/** The Lambda whose invocation is running here, if any (the bench counts only the functions' requests). */
export const runningLambda = (): LambdaName | undefined => currentLambda.getStore();

/** Runs `invoke` as `name`: what it and everything it starts ask DynamoDB is checked against `name`'s policy. */
export function asLambda<T>(name: LambdaName, invoke: () => T): T {
  return currentLambda.run(name, invoke);
}

type Attribute = { S?: string } | string | undefined;
type KeyItem = Record<string, Attribute> | undefined;

/** One item an operation touches, and the IAM action it is authorised as. */
interface ItemRequest {
  readonly action: string;
  readonly partition: string | undefined;
  /** An UpdateItem's top-level attributes, as IAM's `dynamodb:Attributes` lists them (its key's too). */
  readonly attributes?: readonly string[];
}

/** Words of update and condition expressions that name no attribute. */
const EXPRESSION_WORDS = new Set([
  'SET',
  'REMOVE',
  'ADD',
  'DELETE',
  'AND',
  'OR',
  'NOT',
  'BETWEEN',
  'IN',
  'attribute_exists',
  'attribute_not_exists',
  'attribute_type',
  'begins_with',
  'contains',
  'size',
  'if_not_exists',
  'list_append',
]);

/** The top-level attributes an UpdateItem names: its key's, and those of its update and condition expressions. */
function updatedAttributes(input: Record<string, unknown>): string[] {
  const names = (input.ExpressionAttributeNames ?? {}) as Record<string, string>;
  const expressions = `${String(input.UpdateExpression ?? '')} ${String(input.ConditionExpression ?? '')}`;
  const named = [...expressions.replace(/:\w+/g, ' ').matchAll(/#?[A-Za-z_]\w*/g)]
    .map(([word]) => (word.startsWith('#') ? (names[word] ?? word) : word))
    .filter((word) => !EXPRESSION_WORDS.has(word));
  return [...new Set([...Object.keys((input.Key ?? {}) as object), ...named])];
}

const partitionOf = (item: KeyItem): string | undefined => {
  const value = item?.[tableDefinition.partitionKey];
  return typeof value === 'string' ? value : value?.S;
};

/** The partition a table query names (`pk = :v`); undefined for an index query (IAM keys those on the index). */
function queriedPartition(input: Record<string, unknown>): string | undefined {
  if (input.IndexName) return undefined;
  const expression = String(input.KeyConditionExpression ?? '');
  const names = (input.ExpressionAttributeNames ?? {}) as Record<string, string>;
  const values = (input.ExpressionAttributeValues ?? {}) as Record<string, Attribute>;
  for (const [, name, value] of expression.matchAll(/([#\w]+)\s*=\s*(:\w+)/g)) {
    if ((names[name!] ?? name) === tableDefinition.partitionKey) {
      const attribute = values[value!];
      return typeof attribute === 'string' ? attribute : attribute?.S;
    }
  }
  return undefined;
}

/** Every item request of one DynamoDB operation, as IAM authorises them. */
export function itemRequests(operation: string, input: Record<string, unknown>): ItemRequest[] {
  switch (operation) {
    case 'PutItem':
      return [{ action: 'PutItem', partition: partitionOf(input.Item as KeyItem) }];
    case 'UpdateItem':
      return [
        { action: operation, partition: partitionOf(input.Key as KeyItem), attributes: updatedAttributes(input) },
      ];
    case 'DeleteItem':
    case 'GetItem':
      return [{ action: operation, partition: partitionOf(input.Key as KeyItem) }];
    case 'Query':
      return input.IndexName ? [] : [{ action: 'Query', partition: queriedPartition(input) }];
    case 'BatchGetItem':
      return Object.values((input.RequestItems ?? {}) as Record<string, { Keys?: KeyItem[] }>).flatMap((request) =>
        (request.Keys ?? []).map((key) => ({ action: 'BatchGetItem', partition: partitionOf(key) })),
      );
    case 'BatchWriteItem':
      return Object.values(
        (input.RequestItems ?? {}) as Record<
          string,
          Array<{ PutRequest?: { Item: KeyItem }; DeleteRequest?: { Key: KeyItem } }>
        >,
      ).flatMap((requests) =>
        requests.map((request) => ({
          action: 'BatchWriteItem',
          partition: partitionOf(request.PutRequest?.Item ?? request.DeleteRequest?.Key),
        })),
      );
    case 'TransactWriteItems':
      return ((input.TransactItems ?? []) as Array<Record<string, { Key?: KeyItem; Item?: KeyItem }>>).map((item) => {
        const [kind, request] = Object.entries(item)[0] ?? ['', {}];
        const action = kind === 'ConditionCheck' ? 'ConditionCheckItem' : `${kind}Item`;
        return { action, partition: partitionOf(request.Item ?? request.Key) };
      });
    default:
      return [];
  }
}

/** IAM's StringLike: `*` any run of characters, `?` one character, everything else itself. */
export function stringLike(pattern: string, value: string): boolean {
  const source = pattern
    .replace(/[.+^${}()|[\]\\]/g, '\\$&')
    .replace(/\*/g, '.*')
    .replace(/\?/g, '.');
  return new RegExp(`^${source}$`, 's').test(value);
}

const WRITE_ACTIONS = new Set(['PutItem', 'UpdateItem', 'DeleteItem', 'BatchWriteItem']);
const SECRET_READ_ACTIONS = new Set(['GetItem', 'BatchGetItem', 'Query', 'ConditionCheckItem']);

/** Why `access` refuses `request`, or undefined when it allows it. */
export function refusal(access: TableAccess, request: ItemRequest): string | undefined {
  const partition = request.partition ?? '';
  if (
    WRITE_ACTIONS.has(request.action) &&
    !access.writes.some((pattern) => stringLike(pattern, partition)) &&
    !mayUpdateAttributes(access, request)
  )
    return `may write only ${[...access.writes, ...access.attributeWrites.flatMap(describeGrant)].join(' ')}`;
  if (SECRET_READ_ACTIONS.has(request.action) && access.secretReadsDenied.some((p) => stringLike(p, partition)))
    return 'may not read provider tokens';
  return undefined;
}

/** An UpdateItem an attribute grant allows: in its partitions, naming its attributes and the key alone. */
function mayUpdateAttributes(access: TableAccess, request: ItemRequest): boolean {
  if (request.action !== 'UpdateItem' || !request.attributes) return false;
  const key: readonly string[] = [tableDefinition.partitionKey, tableDefinition.sortKey];
  return access.attributeWrites.some(
    (grant) =>
      grant.partitions.some((pattern) => stringLike(pattern, request.partition ?? '')) &&
      request.attributes!.every((name) => key.includes(name) || grant.attributes.includes(name)),
  );
}

const describeGrant = (grant: TableAccess['attributeWrites'][number]) =>
  grant.partitions.map((p) => `${p} (${grant.attributes.join(', ')} only)`);

/** AWS's answer to a request IAM refuses. */
class AccessDeniedException extends Error {
  override readonly name = 'AccessDeniedException';
  readonly $fault = 'client';
  readonly $metadata = { httpStatusCode: 400 };
}

/**
 * Checks every request of a Lambda from now on. TABLE_ACCESS_LOG=<file>
 * (for finding a new use case's partitions) records each distinct Lambda,
 * action and partition prefix there instead of refusing.
 */
export function enforceTablePolicies(): void {
  const recordTo = process.env.TABLE_ACCESS_LOG;
  const recorded = new Set<string>();
  checkLocalRequests((operation, input) => {
    const name = currentLambda.getStore();
    if (!name) return;
    for (const request of itemRequests(operation, input)) {
      if (recordTo) {
        const line = `${name} ${request.action} ${(request.partition ?? '').replace(/#.*/s, '#')}`;
        if (!recorded.has(line)) {
          recorded.add(line);
          appendFileSync(recordTo, `${line}\n`);
        }
        continue;
      }
      const why = refusal(tableAccess(name), request);
      if (why)
        throw new AccessDeniedException(
          `${name} is not authorized to perform dynamodb:${request.action} on partition ${request.partition}: it ${why}`,
        );
    }
  });
}

/** Stops checking (a test that checked its own worker's calls). */
export function stopEnforcingTablePolicies(): void {
  checkLocalRequests(undefined);
}
