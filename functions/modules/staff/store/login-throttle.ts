import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { batchGetAll, db, isConditionFailure, keyId, queryAll, tableName } from '../../../platform/dynamo';
import { epochSeconds, keys } from '../../../platform/store/keys';

/**
 * Sign-in throttling (DESIGN section 7: "Login attempts are reserved
 * atomically before the password is checked … A correct password from a
 * device that has signed in before is never refused by a per-address
 * count"). Each attempt takes a slot of its counters BEFORE scrypt runs, in
 * one conditional update per counter, so parallel guesses count and only
 * `limit` of them are ever checked. Counters, each a fixed window:
 * - own: the account from this address (5 in 15 minutes, then locked 15
 *   minutes) — or, from a device that signed in to the account before, the
 *   account from that device, so nobody else's failures can lock it;
 * - per address: 50 attempts in 15 minutes over any accounts lock the
 *   address; a known device is not counted nor refused here, and a success
 *   gives its slot back (a carrier NAT's real users do not fill it);
 * - per account, from anywhere: 5 failures only slow the account down — an
 *   address that has itself failed against it waits SLOW_DOWN_MS after its
 *   last failure; one that has not is never held back.
 */
interface ThrottleRule {
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

/** The counters of one attempt: `own` is the account from this address, or from this known device. */
const itemKeys = (email: string, address: string, deviceKey?: string) => ({
  own: keys.throttlePair(email, deviceKey ? `device:${deviceKey}` : address),
  address: keys.throttle('address', address),
  account: keys.throttle('account', email),
});

/** Why a sign-in is held back before its password is checked. */
export type SignInHold = { kind: 'address' } | { kind: 'locked' } | { kind: 'slowDown'; retryAfterMs: number };

/** An attempt that holds its slots: handed back to signInFailed or signInSucceeded once the password is checked. */
export interface SignInAttempt {
  kind: 'reserved';
  own: ItemKey;
  /** Absent for a known device (never counted per address). */
  address?: ItemKey;
  account: ItemKey;
}

/**
 * Reserve an attempt of `email` from `address` (from the known device
 * `deviceKey`, if any): its slots, or why it is held back — then nothing
 * is reserved and the password must not be checked.
 */
export async function reserveSignIn(
  email: string,
  address: string,
  deviceKey: string | undefined,
  now: Date,
): Promise<SignInAttempt | SignInHold> {
  const wanted = itemKeys(email, address, deviceKey);
  const held = await holdOf(wanted, deviceKey !== undefined, now);
  if (held) return held;
  if (!(await reserveSlot(PAIR_RULE, wanted.own, now))) return { kind: 'locked' };
  if (!deviceKey && !(await reserveSlot(ADDRESS_RULE, wanted.address, now))) {
    await giveBack(wanted.own);
    return { kind: 'address' };
  }
  return {
    kind: 'reserved',
    own: wanted.own,
    ...(deviceKey ? {} : { address: wanted.address }),
    account: wanted.account,
  };
}

/** A wrong password: the reserved slots stay taken, a full counter locks, and the account-wide count rises. */
export async function signInFailed(attempt: SignInAttempt, now: Date): Promise<void> {
  await Promise.all([
    lockIfFull(PAIR_RULE, attempt.own, now),
    ...(attempt.address ? [lockIfFull(ADDRESS_RULE, attempt.address, now)] : []),
    // the account-wide signal never refuses: counted after the check, without a limit
    reserveSlot({ ...ACCOUNT_RULE, limit: Number.MAX_SAFE_INTEGER }, attempt.account, now),
  ]);
}

/** The right password: the account's counts from here are forgotten and the address slot is given back. */
export async function signInSucceeded(attempt: SignInAttempt): Promise<void> {
  await Promise.all([
    ...[attempt.own, attempt.account].map((Key) => db().send(new DeleteCommand({ TableName: tableName(), Key }))),
    ...(attempt.address ? [giveBack(attempt.address)] : []),
  ]);
}

/** Count one failed sign-in of `email` from `address` as the sign-in route does (a reservation that failed). */
export async function recordSignInFailure(email: string, address: string, now: Date): Promise<void> {
  const attempt = await reserveSignIn(email, address, undefined, now);
  if (attempt.kind === 'reserved') await signInFailed(attempt, now);
}

/** A lock already in place (told as such), or the account-wide signal: an address that failed on an account under attack waits. */
async function holdOf(
  wanted: ReturnType<typeof itemKeys>,
  knownDevice: boolean,
  now: Date,
): Promise<SignInHold | undefined> {
  const found = await batchGetAll([wanted.own, wanted.account, ...(knownDevice ? [] : [wanted.address])], {
    consistent: true,
  });
  const nowMs = now.getTime();
  const item = (key: ItemKey) => found.get(keyId(key));
  const lockedUntil = (key: ItemKey) => (item(key)?.lockedUntil as number | undefined) ?? 0;
  const failures = (rule: ThrottleRule, key: ItemKey) => {
    const counted = item(key);
    return counted && (counted.windowStart as number) >= nowMs - rule.windowMs ? (counted.failures as number) : 0;
  };
  if (!knownDevice && lockedUntil(wanted.address) > nowMs) return { kind: 'address' };
  if (lockedUntil(wanted.own) > nowMs) return { kind: 'locked' };
  if (failures(ACCOUNT_RULE, wanted.account) >= ACCOUNT_RULE.limit && failures(PAIR_RULE, wanted.own) > 0) {
    const retryAt = ((item(wanted.own)?.lastFailureAt as number | undefined) ?? 0) + SLOW_DOWN_MS;
    if (retryAt > nowMs) return { kind: 'slowDown', retryAfterMs: retryAt - nowMs };
  }
  return undefined;
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
  // the account's known devices stay known: only counters and locks are forgotten
  const counters = accountItems.filter((item) => !(item.sk as string).startsWith('DEVICE#'));
  const doomed = [...counters, ...addressItems.values()].map((item) => ({
    pk: item.pk as string,
    sk: item.sk as string,
  }));
  await Promise.all(doomed.map((Key) => db().send(new DeleteCommand({ TableName: tableName(), Key }))));
  return doomed.length;
}

/**
 * Take one slot of `rule` on `Key` atomically: false when the window is full
 * or the key locked. A window that ended starts afresh with this attempt.
 */
async function reserveSlot(rule: ThrottleRule, Key: ItemKey, now: Date): Promise<boolean> {
  const nowMs = now.getTime();
  const values = {
    ':cutoff': nowMs - rule.windowMs,
    ':now': nowMs,
    ':exp': epochSeconds(new Date(nowMs + rule.windowMs + rule.lockMs)),
  };
  const unlocked = '(attribute_not_exists(lockedUntil) OR lockedUntil <= :now)';
  for (let attempt = 0; attempt < 3; attempt += 1) {
    try {
      await db().send(
        new UpdateCommand({
          TableName: tableName(),
          Key,
          UpdateExpression: 'ADD failures :one SET expiresAt = :exp, lastFailureAt = :now',
          ConditionExpression: `windowStart >= :cutoff AND failures < :limit AND ${unlocked}`,
          ExpressionAttributeValues: { ...values, ':one': 1, ':limit': rule.limit },
        }),
      );
      return true;
    } catch (error) {
      if (!isConditionFailure(error)) throw error;
    }
    try {
      await db().send(
        new PutCommand({
          TableName: tableName(),
          Item: {
            ...Key,
            entity: 'throttle',
            failures: 1,
            windowStart: nowMs,
            lastFailureAt: nowMs,
            expiresAt: values[':exp'],
          },
          ConditionExpression: `(attribute_not_exists(pk) OR windowStart < :cutoff) AND ${unlocked}`,
          ExpressionAttributeValues: { ':cutoff': values[':cutoff'], ':now': nowMs },
        }),
      );
      return true;
    } catch (error) {
      if (!isConditionFailure(error)) throw error;
    }
    // neither: the window is full or locked — or another attempt opened it meanwhile (look again)
    const current = await db().send(new GetCommand({ TableName: tableName(), Key, ConsistentRead: true }));
    const item = current.Item;
    if (!item) continue;
    if (((item.lockedUntil as number | undefined) ?? 0) > nowMs) return false;
    if ((item.windowStart as number) >= values[':cutoff'] && (item.failures as number) >= rule.limit) return false;
  }
  return false;
}

/** Give a reserved slot back (a success, or an attempt refused by another counter). */
async function giveBack(Key: ItemKey): Promise<void> {
  try {
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key,
        UpdateExpression: 'ADD failures :minus',
        ConditionExpression: 'failures > :zero',
        ExpressionAttributeValues: { ':minus': -1, ':zero': 0 },
      }),
    );
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
  }
}

/** After a failure: lock the key (if the rule locks) once its window holds `limit` attempts. */
async function lockIfFull(rule: ThrottleRule, Key: ItemKey, now: Date): Promise<void> {
  const nowMs = now.getTime();
  try {
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key,
        UpdateExpression: 'SET lockedUntil = :until',
        ConditionExpression: 'failures >= :limit AND windowStart >= :cutoff',
        ExpressionAttributeValues: {
          ':until': nowMs + rule.lockMs,
          ':limit': rule.limit,
          ':cutoff': nowMs - rule.windowMs,
        },
      }),
    );
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
  }
}
