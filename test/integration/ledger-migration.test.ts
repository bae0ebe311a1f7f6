import { randomUUID } from 'node:crypto';
import { GetCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { db, tableName } from '../../functions/platform/dynamo';
import { moveLedgerLinesToOwnPartition } from '../../functions/modules/migrations/store/ledger-migration';
import { ledgerPartition, listBalances, listLedger } from '../../functions/modules/payouts/store/balances';
import { aBalance } from '../support/fixtures';

/**
 * Ledger lines live in their own partition, LEDGER#<userId> (so IAM can deny
 * updating or deleting them by partition key); lines written under the old
 * key (USER#<userId> / LEDGER#…) are moved by the data migration the local
 * stack and the deploy seed script run — idempotently.
 */

/** A ledger line as the old code wrote it, beside the user's balance. */
async function anOldLedgerLine(userId: string, promotionId: string, deltaCents: number, at: string) {
  const id = randomUUID();
  const line = {
    id,
    at,
    userId,
    ownerRole: 'partner',
    promotionId,
    promotionTitle: 'Old Key Promo',
    deltaCents,
    kind: 'entry-share',
    ref: randomUUID(),
  };
  await db().send(
    new PutCommand({
      TableName: tableName(),
      Item: { pk: `USER#${userId}`, sk: `LEDGER#${at}#${id}`, entity: 'ledger', ...line },
    }),
  );
  return { id, line, oldKey: { pk: `USER#${userId}`, sk: `LEDGER#${at}#${id}` } };
}

const oldLinesOf = async (userId: string) =>
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
    expect(await oldLinesOf(userId)).toEqual([]);
    const stored = await db().send(
      new GetCommand({
        TableName: tableName(),
        Key: { pk: ledgerPartition(userId), sk: `${ledger[0]!.at}#${ledger[0]!.id}` },
        ConsistentRead: true,
      }),
    );
    expect(stored.Item).toMatchObject({ entity: 'ledger', deltaCents: 1_000, userId });
  });

  it('moves old-key lines once, keeping every field, and changes nothing when run again', async () => {
    const userId = randomUUID();
    const promotionId = await aBalance(userId, 'partner', 500);
    const older = await anOldLedgerLine(userId, promotionId, 2_000, '2025-01-01T00:00:00.000Z');
    const newer = await anOldLedgerLine(userId, promotionId, -300, '2025-01-02T00:00:00.000Z');

    // the stack's start ran the migration to its end (migrateData then skips it): run it as a first deploy would
    const first = await moveLedgerLinesToOwnPartition();
    expect(first.moved).toBeGreaterThanOrEqual(2);
    expect(await oldLinesOf(userId)).toEqual([]);
    const ledger = await listLedger(userId);
    expect(ledger.map((line) => line.deltaCents)).toEqual([2_000, -300, 500]);
    expect(ledger[0]).toEqual(older.line);
    expect(ledger[1]).toEqual(newer.line);

    await Promise.all([moveLedgerLinesToOwnPartition(), moveLedgerLinesToOwnPartition()]);
    expect(await listLedger(userId)).toEqual(ledger);
    expect(await oldLinesOf(userId)).toEqual([]);
    expect((await listBalances(userId)).map((b) => b.amountCents)).toEqual([500]);
  });
});
