import { DeleteCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { batchGetAll, db, isConditionFailure, keyId, queryAll, tableName } from '../lib/dynamo';
import { epochSeconds, keys } from './keys';

/**
 * Failure counting for sign-in (DESIGN section 7: "Login failures throttled
 * per account and per client address … Lockouts must not let an attacker
 * lock the operator out"). Three counters, each a fixed window updated
 * atomically so concurrent failures all count:
 * - per account AND address: 5 failures in 15 minutes lock that account
 *   from that address for 15 minutes — the failing address, not the account;
 * - per address: 50 failures in 15 minutes (any accounts) lock the address;
 * - per account, from anywhere: 5 failures in 15 minutes only slow the
 *   account down — an address that has itself failed against it waits
 *   SLOW_DOWN_MS after its last failure; an address that has not failed is
 *   never held back, so the right password still gets in.
 */
export interface ThrottleRule {
  limit: number;
  windowMs: number;
  /** 0: the rule never locks (a signal only). */
  lockMs: number;
}

const PAIR_RULE: ThrottleRule = { limit: 5, windowMs: 15 * 60_000, lockMs: 15 * 60_000 };
const ADDRESS_RULE: ThrottleRule = { limit: 50, windowMs: 15 * 60_000, lockMs: 15 * 60_000 };
const ACCOUNT_RULE: ThrottleRule = { limit: 5, windowMs: 15 * 60_000, lockMs: 0 };
const SLOW_DOWN_MS = 30_000;

type ItemKey = { pk: string; sk: string };

const itemKeys = (email: string, address: string) => ({
  pair: keys.throttlePair(email, address),
  address: keys.throttle('address', address),
  account: keys.throttle('account', email),
});

/** Why a sign-in is held back before its password is checked. */
export type SignInHold = { kind: 'address' } | { kind: 'locked' } | { kind: 'slowDown'; retryAfterMs: number };

/** Whether `email` may try a password from `address` now (one read of its three counters). */
export async function signInHold(email: string, address: string, now: Date): Promise<SignInHold | undefined> {
  const wanted = itemKeys(email, address);
  const found = await batchGetAll(Object.values(wanted), { consistent: true });
  const nowMs = now.getTime();
  const item = (key: ItemKey) => found.get(keyId(key));
  const lockedUntil = (key: ItemKey) => (item(key)?.lockedUntil as number | undefined) ?? 0;
  const failures = (rule: ThrottleRule, key: ItemKey) => {
    const counted = item(key);
    return counted && (counted.windowStart as number) >= nowMs - rule.windowMs ? (counted.failures as number) : 0;
  };
  if (lockedUntil(wanted.address) > nowMs) return { kind: 'address' };
  if (lockedUntil(wanted.pair) > nowMs) return { kind: 'locked' };
  if (failures(ACCOUNT_RULE, wanted.account) >= ACCOUNT_RULE.limit && failures(PAIR_RULE, wanted.pair) > 0) {
    const retryAt = ((item(wanted.pair)?.lastFailureAt as number | undefined) ?? 0) + SLOW_DOWN_MS;
    if (retryAt > nowMs) return { kind: 'slowDown', retryAfterMs: retryAt - nowMs };
  }
  return undefined;
}

/** Count one failed sign-in of `email` from `address` on all three counters. */
export async function recordSignInFailure(email: string, address: string, now: Date): Promise<void> {
  const wanted = itemKeys(email, address);
  await Promise.all([
    recordFailure(PAIR_RULE, wanted.pair, now),
    recordFailure(ADDRESS_RULE, wanted.address, now),
    recordFailure(ACCOUNT_RULE, wanted.account, now),
  ]);
}

/** A successful sign-in clears the account's failures from that address and its account-wide count. */
export async function clearSignInFailures(email: string, address: string): Promise<void> {
  const wanted = itemKeys(email, address);
  await Promise.all(
    [wanted.pair, wanted.account].map((Key) => db().send(new DeleteCommand({ TableName: tableName(), Key }))),
  );
}

/**
 * The operators' unlock (`npm run unlock-admin`): forget every failure and
 * lock of an account, from every address, and of `addresses` as given.
 * Returns how many counters it removed.
 */
export async function unlockAccount(email: string, addresses: readonly string[] = []): Promise<number> {
  const accountItems = await queryAll({
    KeyConditionExpression: 'pk = :pk',
    ExpressionAttributeValues: { ':pk': keys.throttle('account', email).pk },
    ProjectionExpression: 'pk, sk',
    ConsistentRead: true,
  });
  const addressItems = await batchGetAll(
    addresses.map((address) => keys.throttle('address', address)),
    { consistent: true },
  );
  const doomed = [...accountItems, ...addressItems.values()].map((item) => ({
    pk: item.pk as string,
    sk: item.sk as string,
  }));
  await Promise.all(doomed.map((Key) => db().send(new DeleteCommand({ TableName: tableName(), Key }))));
  return doomed.length;
}

/** Count one failure under `rule`; lock the key (if the rule locks) once the window holds `limit` failures. */
async function recordFailure(rule: ThrottleRule, Key: ItemKey, now: Date): Promise<void> {
  const nowMs = now.getTime();
  const windowStartCutoff = nowMs - rule.windowMs;
  const expiresAt = epochSeconds(new Date(nowMs + rule.windowMs + rule.lockMs));
  let failures: number | undefined;
  for (let attempt = 0; attempt < 3 && failures === undefined; attempt += 1) {
    try {
      // inside the current window: count atomically
      const updated = await db().send(
        new UpdateCommand({
          TableName: tableName(),
          Key,
          UpdateExpression: 'ADD failures :one SET expiresAt = :exp, lastFailureAt = :now',
          ConditionExpression: 'windowStart >= :cutoff',
          ExpressionAttributeValues: { ':one': 1, ':cutoff': windowStartCutoff, ':exp': expiresAt, ':now': nowMs },
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
            Item: { ...Key, entity: 'throttle', failures: 1, windowStart: nowMs, lastFailureAt: nowMs, expiresAt },
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
  if (rule.lockMs > 0 && failures !== undefined && failures >= rule.limit) {
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
