import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { db, isConditionFailure, tableName } from '../../../platform/dynamo';
import { keys, withoutKeys } from '../../../platform/store/keys';

/**
 * The payToken Orange Money issued for one of our references (DESIGN section
 * 8). Orange knows a payment or payout only by the payToken `mp/init` or
 * `cashin/init` returns, so it is saved here BEFORE `pay` is sent: a status
 * query after a lost answer can then still find the money. With it, what was
 * asked, so a reference reused for a different request is noticed.
 */
export type PayTokenOperation = 'mp' | 'cashin';

export interface PayTokenRecord {
  payToken: string;
  msisdn: string;
  amountCents: number;
  currency: string;
  createdAt: string;
}

export async function getPayToken(
  operation: PayTokenOperation,
  referenceId: string,
): Promise<PayTokenRecord | undefined> {
  const { Item } = await db().send(
    new GetCommand({ TableName: tableName(), Key: keys.payToken(operation, referenceId), ConsistentRead: true }),
  );
  return Item ? withoutKeys<PayTokenRecord>(Item) : undefined;
}

/** Save a reference's payToken once; false when the reference already has one (a resend). */
export const savePayToken = (operation: PayTokenOperation, referenceId: string, record: PayTokenRecord) =>
  putPayToken(operation, referenceId, record, { ConditionExpression: 'attribute_not_exists(pk)' });

/**
 * Replace a reference's payToken, only while it is still `previous` (one that expired unused, or that Orange
 * does not know: nothing was paid under it); false when another resend replaced it first.
 */
export const replacePayToken = (
  operation: PayTokenOperation,
  referenceId: string,
  previous: string,
  record: PayTokenRecord,
) =>
  putPayToken(operation, referenceId, record, {
    ConditionExpression: 'payToken = :previous',
    ExpressionAttributeValues: { ':previous': previous },
  });

/** The payToken item written under its condition; false when the condition failed. */
async function putPayToken(
  operation: PayTokenOperation,
  referenceId: string,
  record: PayTokenRecord,
  condition: { ConditionExpression: string; ExpressionAttributeValues?: Record<string, unknown> },
): Promise<boolean> {
  try {
    await db().send(
      new PutCommand({
        TableName: tableName(),
        Item: { ...keys.payToken(operation, referenceId), entity: 'payToken', ...record },
        ...condition,
      }),
    );
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}
