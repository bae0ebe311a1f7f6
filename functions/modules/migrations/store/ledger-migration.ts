import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { db, isConditionFailure, scanPages, tableName } from '../../../platform/dynamo';
import { ledgerLineKey } from '../../payouts';

/**
 * Moves ledger lines written under the old key (USER#<userId> / LEDGER#<iso>#<uuid>)
 * to their own partition (LEDGER#<userId> / <iso>#<uuid>, balances.ts), so
 * IAM can deny updating or deleting them by partition key (DESIGN section 7).
 *
 * Each line moves in ONE transaction (copy, delete the old), so an interrupted
 * run leaves every line in exactly one place and running it again moves only
 * what is left. It scans: lines of deleted partners and announcers have no
 * profile left to find them by, and this runs once per deploy, never on a
 * request path.
 */
export async function moveLedgerLinesToOwnPartition(): Promise<{ moved: number }> {
  let moved = 0;
  const pages = scanPages({
    FilterExpression: 'begins_with(pk, :user) AND begins_with(sk, :ledger)',
    ExpressionAttributeValues: { ':user': 'USER#', ':ledger': 'LEDGER#' },
  });
  for await (const page of pages) {
    for (const item of page) {
      if (await moveLine(item)) moved += 1;
    }
  }
  return { moved };
}

async function moveLine(item: Record<string, unknown>): Promise<boolean> {
  const oldKey = { pk: item.pk as string, sk: item.sk as string };
  const userId = oldKey.pk.slice('USER#'.length);
  const [at, id] = [item.at as string, item.id as string];
  const { pk: _pk, sk: _sk, ...line } = item;
  try {
    await db().send(
      new TransactWriteCommand({
        TransactItems: [
          // ledger lines are never overwritten, by a migration either
          {
            Put: {
              TableName: tableName(),
              Item: { ...line, ...ledgerLineKey(userId, at, id) },
              ConditionExpression: 'attribute_not_exists(pk)',
            },
          },
          { Delete: { TableName: tableName(), Key: oldKey, ConditionExpression: 'attribute_exists(pk)' } },
        ],
      }),
    );
    return true;
  } catch (error) {
    // another run moved it meanwhile: nothing left to do
    if (isConditionFailure(error)) return false;
    throw error;
  }
}
