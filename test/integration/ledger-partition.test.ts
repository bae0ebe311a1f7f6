import { randomUUID } from 'node:crypto';
import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { db, tableName } from '../../functions/platform/dynamo';
import { listLedger } from '../../functions/modules/payouts';
import { ledgerPartition } from '../../functions/modules/payouts/store/balances';
import { aBalance } from '../support/fixtures';

/**
 * Ledger lines live in their own partition, LEDGER#<userId> (so IAM can deny
 * updating or deleting them by partition key), never beside the user's
 * balance under USER#<userId>.
 */

const linesBesideTheUser = async (userId: string) =>
  (
    await db().send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :ledger)',
        ExpressionAttributeValues: { ':pk': `USER#${userId}`, ':ledger': 'LEDGER#' },
        ConsistentRead: true,
      }),
    )
  ).Items ?? [];

describe('ledger lines in their own partition', () => {
  it('writes new lines under LEDGER#<userId>, oldest first', async () => {
    const userId = randomUUID();
    const promotionId = await aBalance(userId, 'partner', 1_000);
    await aBalance(userId, 'partner', -400, promotionId);
    const ledger = await listLedger(userId);
    expect(ledger.map((line) => line.deltaCents)).toEqual([1_000, -400]);
    expect(await linesBesideTheUser(userId)).toEqual([]);
    const stored = await db().send(
      new GetCommand({
        TableName: tableName(),
        Key: { pk: ledgerPartition(userId), sk: `${ledger[0]!.at}#${ledger[0]!.id}` },
        ConsistentRead: true,
      }),
    );
    expect(stored.Item).toMatchObject({ entity: 'ledger', deltaCents: 1_000, userId });
  });
});
