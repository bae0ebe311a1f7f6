import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { db, isConditionFailure, tableName } from '../lib/dynamo';
import { epochSeconds, keys } from './keys';

/**
 * Sliding-window rate limits (DESIGN section 7): at most `limit` uses of a
 * key in any `windowMs`. The item keeps the recent use times; the write is
 * conditional on the version read, so concurrent requests cannot both take
 * the last slot.
 */
export interface RateRule {
  scope: string;
  limit: number;
  windowMs: number;
}

/** "At most 3 pending payment requests per mobile number per 10 minutes." */
export const PAYMENT_REQUESTS: RateRule = { scope: 'pay', limit: 3, windowMs: 10 * 60_000 };
/** Ticket verification, per client address. */
export const TICKET_CHECKS: RateRule = { scope: 'verify', limit: 30, windowMs: 60_000 };

/** A key's rate item as read (e.g. by store/entry-context.ts): pass it to `takeRateSlot` to read it with other items rather than before. */
export interface RateSlotRead {
  item: Record<string, unknown> | undefined;
}

/** Take one use; false when the key has used up its window. `seen`: the item as just read (the first try skips its read). */
export async function takeRateSlot(rule: RateRule, key: string, now: Date, seen?: RateSlotRead): Promise<boolean> {
  const Key = keys.rateLimit(rule.scope, key);
  for (let attempt = 0; attempt < 8; attempt += 1) {
    const current = attempt === 0 && seen ? { Item: seen.item } : await db().send(new GetCommand({ TableName: tableName(), Key, ConsistentRead: true }));
    const version = (current.Item?.version as number | undefined) ?? 0;
    const recent = ((current.Item?.uses as number[] | undefined) ?? []).filter((t) => t > now.getTime() - rule.windowMs);
    if (recent.length >= rule.limit) return false;
    try {
      await db().send(
        new PutCommand({
          TableName: tableName(),
          Item: {
            ...Key,
            entity: 'rateLimit',
            uses: [...recent, now.getTime()],
            version: version + 1,
            expiresAt: epochSeconds(new Date(now.getTime() + rule.windowMs)),
          },
          // nobody took a slot since we read
          ConditionExpression: version === 0 ? 'attribute_not_exists(pk) OR version = :v' : 'version = :v',
          ExpressionAttributeValues: { ':v': version },
        }),
      );
      return true;
    } catch (error) {
      if (!isConditionFailure(error)) throw error;
    }
  }
  // persistent contention on one key is itself abuse
  return false;
}
