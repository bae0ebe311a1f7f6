import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { db, isConditionFailure, scanPages, tableName } from '../../../platform/dynamo';
import { keys } from '../../../platform/store/keys';

/**
 * Puts the BALANCES index keys (keys.balancesOfRole, set by every balance
 * change since the admin lists read all balances at once) on balances last
 * changed before, so the partner and announcer lists show them too.
 *
 * Each update is conditional: only a balance still without a gsi1pk gets
 * the keys, so running it again, or beside settlement, changes nothing else.
 * It scans, paged: this runs once per deploy, never on a request path.
 */
export async function backfillBalanceIndex(): Promise<{ indexed: number }> {
  let indexed = 0;
  const pages = scanPages({
    FilterExpression:
      'begins_with(pk, :user) AND begins_with(sk, :balance) AND attribute_exists(ownerRole) AND attribute_not_exists(gsi1pk)',
    ExpressionAttributeValues: { ':user': keys.user('').pk, ':balance': 'BALANCE#' },
  });
  for await (const page of pages) {
    for (const item of page) {
      if (await indexBalance(item)) indexed += 1;
    }
  }
  return { indexed };
}

async function indexBalance(item: Record<string, unknown>): Promise<boolean> {
  const [userId, promotionId, ownerRole] = [
    item.userId as string,
    item.promotionId as string,
    item.ownerRole as 'partner' | 'announcer',
  ];
  try {
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: { pk: item.pk, sk: item.sk },
        UpdateExpression: 'SET gsi1pk = :indexPk, gsi1sk = :indexSk',
        // never overwrites: only a balance still without an index key
        ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(gsi1pk)',
        ExpressionAttributeValues: {
          ':indexPk': keys.balancesOfRole(ownerRole),
          ':indexSk': keys.balanceIndexSort(userId, promotionId),
        },
      }),
    );
    return true;
  } catch (error) {
    // another run indexed it meanwhile: nothing left to do
    if (isConditionFailure(error)) return false;
    throw error;
  }
}
