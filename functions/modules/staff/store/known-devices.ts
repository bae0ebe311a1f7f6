import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { sessionKeyOf } from '../session-policy';
import { db, tableName } from '../../../platform/dynamo';
import { epochSeconds, keys } from '../../../platform/store/keys';

/**
 * Devices that have signed in to an account (DESIGN section 7: a correct
 * password from such a device is never refused by a per-address count).
 * Kept beside the account's throttle counters, under the hash of the
 * device cookie's id, for as long as the cookie lives.
 */
const KNOWN_FOR_MS = 90 * 24 * 60 * 60 * 1000;

const deviceItemKey = (email: string, deviceKey: string) => ({
  pk: keys.throttle('account', email).pk,
  sk: `DEVICE#${deviceKey}`,
});

/** The stored key of a device id (its hash: a leaked table names no cookie). */
const deviceKeyOf = (deviceId: string): string => sessionKeyOf(deviceId);

/** Whether the device `deviceId` has signed in to `email` before (and is still remembered). */
export async function isKnownDevice(email: string, deviceId: string | undefined, now: Date): Promise<boolean> {
  if (!deviceId) return false;
  const result = await db().send(
    new GetCommand({ TableName: tableName(), Key: deviceItemKey(email, deviceKeyOf(deviceId)), ConsistentRead: true }),
  );
  return ((result.Item?.expiresAt as number | undefined) ?? 0) > epochSeconds(now);
}

/** Remember that `deviceId` signed in to `email` (again: for another 90 days). */
export async function rememberDevice(email: string, deviceId: string, now: Date): Promise<void> {
  await db().send(
    new PutCommand({
      TableName: tableName(),
      Item: {
        ...deviceItemKey(email, deviceKeyOf(deviceId)),
        entity: 'throttle',
        expiresAt: epochSeconds(new Date(now.getTime() + KNOWN_FOR_MS)),
      },
    }),
  );
}
