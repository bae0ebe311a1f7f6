import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from '../../../platform/dynamo';
import { keys } from '../../../platform/store/keys';

/**
 * A draw's result fan-out done (issue 35): every opted-in number's result SMS is owed. Written after the SMS
 * records, so a run that stopped half-way is run again (each SMS record's id makes owing it twice a no-op),
 * and a finished draw costs the job one read per run, not one per number.
 */
export async function resultFanOutDone(drawId: string): Promise<boolean> {
  const result = await db().send(
    new GetCommand({ TableName: tableName(), Key: keys.resultFanOut(drawId), ConsistentRead: true }),
  );
  return result.Item !== undefined;
}

export async function markResultFanOutDone(drawId: string, owed: number, now: Date): Promise<void> {
  await db().send(
    new PutCommand({
      TableName: tableName(),
      Item: { ...keys.resultFanOut(drawId), entity: 'result-fan-out', drawId, owed, doneAt: now.toISOString() },
    }),
  );
}
