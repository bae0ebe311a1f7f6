import { GetCommand, PutCommand, UpdateCommand, DeleteCommand } from '@aws-sdk/lib-dynamodb';
import { db, isConditionFailure, tableName } from '../lib/dynamo';
import { epochSeconds, keys } from './keys';

/**
 * Failure counting for sign-in (DESIGN section 7): per account, 5 failures in
 * 15 minutes lock it for 15 minutes; per client address, a looser limit.
 * Counters are fixed windows updated atomically, so concurrent failures all count.
 */
export interface ThrottleRule {
  scope: 'account' | 'address';
  limit: number;
  windowMs: number;
  lockMs: number;
}

export const ACCOUNT_RULE: ThrottleRule = { scope: 'account', limit: 5, windowMs: 15 * 60_000, lockMs: 15 * 60_000 };
export const ADDRESS_RULE: ThrottleRule = { scope: 'address', limit: 50, windowMs: 15 * 60_000, lockMs: 15 * 60_000 };

/** True while `key` is locked under `rule`. */
export async function isLocked(rule: ThrottleRule, key: string, now: Date): Promise<boolean> {
  const result = await db().send(
    new GetCommand({ TableName: tableName(), Key: keys.throttle(rule.scope, key), ConsistentRead: true }),
  );
  const lockedUntil = result.Item?.lockedUntil as number | undefined;
  return lockedUntil !== undefined && lockedUntil > now.getTime();
}

/** Count one failure; lock the key once the window holds `limit` failures. */
export async function recordFailure(rule: ThrottleRule, key: string, now: Date): Promise<void> {
  const nowMs = now.getTime();
  const windowStartCutoff = nowMs - rule.windowMs;
  const Key = keys.throttle(rule.scope, key);
  const expiresAt = epochSeconds(new Date(nowMs + rule.windowMs + rule.lockMs));
  let failures: number | undefined;
  for (let attempt = 0; attempt < 3 && failures === undefined; attempt += 1) {
    try {
      // inside the current window: count atomically
      const updated = await db().send(
        new UpdateCommand({
          TableName: tableName(),
          Key,
          UpdateExpression: 'ADD failures :one SET expiresAt = :exp',
          ConditionExpression: 'windowStart >= :cutoff',
          ExpressionAttributeValues: { ':one': 1, ':cutoff': windowStartCutoff, ':exp': expiresAt },
          ReturnValues: 'ALL_NEW',
        }),
      );
      failures = updated.Attributes?.failures as number;
    } catch (error) {
      if (!isConditionFailure(error)) throw error;
      try {
        // no window, or an old one: start a new window with this failure
        await db().send(
          new PutCommand({
            TableName: tableName(),
            Item: { ...Key, entity: 'throttle', failures: 1, windowStart: nowMs, expiresAt },
            ConditionExpression: 'attribute_not_exists(pk) OR windowStart < :cutoff',
            ExpressionAttributeValues: { ':cutoff': windowStartCutoff },
          }),
        );
        failures = 1;
      } catch (putError) {
        if (!isConditionFailure(putError)) throw putError;
        // another request opened the window first: count into it on the next pass
      }
    }
  }
  if (failures !== undefined && failures >= rule.limit) {
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key,
        UpdateExpression: 'SET lockedUntil = :until',
        ExpressionAttributeValues: { ':until': nowMs + rule.lockMs },
      }),
    );
  }
}

/** A successful sign-in clears the account's failures. */
export async function clearFailures(rule: ThrottleRule, key: string): Promise<void> {
  await db().send(new DeleteCommand({ TableName: tableName(), Key: keys.throttle(rule.scope, key) }));
}
