import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { db, isConditionFailure, tableName } from '../../../platform/dynamo';
import { keys } from '../../../platform/store/keys';

/**
 * A player's own daily spending limit (DESIGN section 7), PLAYER#<msisdn>/LIMIT:
 * a lower limit holds at once; a higher one is held back and starts only
 * `raiseFrom` (a day after it was asked for), so a limit set in a calm
 * moment cannot be undone in a heated one.
 */
export interface OwnLimit {
  /** In force now (LRD cents). */
  limitLrdCents: number;
  /** A raise asked for, not yet in force: the limit it starts, and when. */
  raise?: { toLrdCents: number; from: string };
  /** When the item was last written: a raise's write is conditioned on it. */
  setAt: string;
}

/** The own limit an item holds at `now`: a raise whose moment has come is the limit. */
export function ownLimitOf(item: Record<string, unknown> | undefined, now: Date): OwnLimit | undefined {
  if (!item) return undefined;
  const limit = item.limitLrdCents as number;
  const to = item.raiseToLrdCents as number | undefined;
  const from = item.raiseFrom as string | undefined;
  const setAt = item.setAt as string;
  if (to === undefined || from === undefined) return { limitLrdCents: limit, setAt };
  return from <= now.toISOString()
    ? { limitLrdCents: to, setAt }
    : { limitLrdCents: limit, raise: { toLrdCents: to, from }, setAt };
}

/**
 * Lower the own limit at once (any raise waiting is dropped). The write's
 * condition is that the limit in force is higher, so a lower one set
 * meanwhile by another session stays; false when it would not be lower.
 */
export async function lowerOwnLimit(msisdn: string, limitLrdCents: number, now: Date): Promise<boolean> {
  return putLimit(
    { limitLrdCents, setAt: now.toISOString() },
    'attribute_not_exists(pk) OR (attribute_not_exists(raiseFrom) AND limitLrdCents > :limit) OR (raiseFrom > :now AND limitLrdCents > :limit) OR (raiseFrom <= :now AND raiseToLrdCents > :limit)',
    { ':limit': limitLrdCents, ':now': now.toISOString() },
    msisdn,
  );
}

/**
 * Ask for a higher own limit from `from`; until then the limit in force
 * (`current`, as read) stays. The write's condition is that the item is
 * still the one read, so a limit changed meanwhile is never overwritten.
 */
export async function raiseOwnLimit(
  msisdn: string,
  current: { limitLrdCents: number; setAt: string },
  toLrdCents: number,
  from: Date,
  now: Date,
): Promise<boolean> {
  return putLimit(
    {
      limitLrdCents: current.limitLrdCents,
      raiseToLrdCents: toLrdCents,
      raiseFrom: from.toISOString(),
      setAt: now.toISOString(),
    },
    'setAt = :read',
    { ':read': current.setAt },
    msisdn,
  );
}

async function putLimit(
  values: Record<string, unknown>,
  condition: string,
  names: Record<string, unknown>,
  msisdn: string,
): Promise<boolean> {
  try {
    await db().send(
      new PutCommand({
        TableName: tableName(),
        Item: { ...keys.playerLimit(msisdn), entity: 'player-limit', msisdn, ...values },
        ConditionExpression: condition,
        ExpressionAttributeValues: names,
      }),
    );
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}
