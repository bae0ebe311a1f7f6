import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { db, queryAll, tableName } from '../../../platform/dynamo';
import { keys } from '../../../platform/store/keys';
import { batchWriteAll } from '../../../platform/store/batch-write';

/** SMS sharing one check code that a check reads at most: codes are random, so more is never two SMS's chance. */
const SAME_CODE_READ = 10;

/**
 * The check codes our SMS went out with (DESIGN section 8): one item per
 * SMS in its code's partition, written before the SMS is handed to the
 * gateway, so every SMS a player holds can be found by its code.
 * Rewriting it (a retry) changes nothing.
 */
export async function putSmsCheck(code: string, sms: { id: string; to: string }): Promise<void> {
  await db().send(new PutCommand({ TableName: tableName(), Item: checkItem(code, sms) }));
}

/** The check codes of a batch's SMS, each as `putSmsCheck`'s, in a request per 25 (../owed-batches.ts). */
export async function putSmsChecks(smses: ReadonlyArray<{ code: string; id: string; to: string }>): Promise<void> {
  await batchWriteAll(smses.map((sms) => ({ put: checkItem(sms.code, sms) })));
}

const checkItem = (code: string, sms: { id: string; to: string }) => ({
  ...keys.smsCheck(code, sms.id),
  entity: 'sms-check',
  smsId: sms.id,
  to: sms.to,
});

/** The SMS that went out with this code: their ids and numbers (usually one; none for a code we never sent). */
export async function smsWithCheckCode(code: string): Promise<Array<{ smsId: string; to: string }>> {
  const items = await queryAll(
    {
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': keys.smsCheckPartition(code) },
      ConsistentRead: true,
    },
    SAME_CODE_READ,
  );
  return items.map((item) => ({ smsId: item.smsId as string, to: item.to as string }));
}
