import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { db, isConditionFailure, queryAll, tableName, type TransactItem } from '../../../platform/dynamo';
import { keys } from '../../../platform/store/keys';

/**
 * The count of active super admins (DESIGN section 1: the platform always
 * keeps one who can run it). Every change to the set of active super admins
 * carries `rosterChange` in its own transaction; a removal's condition says
 * at least one other stays, so two concurrent removals of the last two
 * cannot both pass (the item is the one both transactions write).
 */

/** An active super admin: what the count counts. */
export const isActiveSuperAdmin = (user: { role: string; superAdmin?: boolean; disabled?: boolean }): boolean =>
  user.role === 'admin' && user.superAdmin === true && user.disabled !== true;

/**
 * Create the count if it does not exist yet, from the admins as they are
 * (data from before the count existed; afterwards only rosterChange moves it).
 * Call before a transaction that carries rosterChange.
 */
export async function ensureSuperAdminRoster(): Promise<void> {
  const found = await db().send(
    new GetCommand({ TableName: tableName(), Key: keys.superAdminRoster, ConsistentRead: true }),
  );
  if (found.Item) return;
  const admins = await queryAll({
    IndexName: 'gsi1',
    KeyConditionExpression: 'gsi1pk = :pk',
    ExpressionAttributeValues: { ':pk': keys.usersByRole('admin') },
  });
  const active = admins.filter((item) => isActiveSuperAdmin(item as { role: string })).length;
  try {
    await db().send(
      new PutCommand({
        TableName: tableName(),
        Item: { ...keys.superAdminRoster, entity: 'roster', active },
        // another request created it first: its count stands
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    );
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
  }
}

/**
 * The Update that moves the count by `delta` (-1 a super admin stops being
 * active, +1 one starts). A removal fails its condition when it would leave none.
 */
export function rosterChange(delta: number): TransactItem {
  return {
    Update: {
      TableName: tableName(),
      Key: keys.superAdminRoster,
      UpdateExpression: 'SET active = active + :delta',
      ...(delta < 0
        ? {
            ConditionExpression: 'active >= :least',
            ExpressionAttributeValues: { ':delta': delta, ':least': 1 - delta },
          }
        : { ConditionExpression: 'attribute_exists(pk)', ExpressionAttributeValues: { ':delta': delta } }),
    },
  };
}
