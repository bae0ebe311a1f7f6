import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { db, isConditionFailure, isTransactionConflict, tableName } from '../../../platform/dynamo';
import { keys } from '../../../platform/store/keys';
import { type Entry, toEntry } from './entries';

/**
 * Claim one resend of an entry's payment prompt (../prompt-resend.ts): only
 * while it is pending and unconfirmed, and only the resend after
 * `resendsSoFar` — of reconciliation runs and callbacks racing over one
 * entry, one sends it. The resend's callback secret is kept by its hash
 * beside the first one's (DESIGN section 7). Returns the entry as it is
 * now, or undefined when someone else claimed it or the entry moved on.
 */
export async function claimPromptResend(
  id: string,
  resendsSoFar: number,
  secretHash: string,
  now: Date,
): Promise<Entry | undefined> {
  try {
    const result = await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.entry(id),
        UpdateExpression:
          'SET promptResends = :next, promptResentAt = :at, resendSecretHashes = list_append(if_not_exists(resendSecretHashes, :none), :hash)',
        ConditionExpression: `#status = :pending AND attribute_not_exists(confirmedAt) AND ${
          resendsSoFar === 0 ? 'attribute_not_exists(promptResends)' : 'promptResends = :sofar'
        }`,
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: {
          ':next': resendsSoFar + 1,
          ':at': now.toISOString(),
          ':none': [],
          ':hash': [secretHash],
          ':pending': 'pending',
          ...(resendsSoFar === 0 ? {} : { ':sofar': resendsSoFar }),
        },
        ReturnValues: 'ALL_NEW',
      }),
    );
    return toEntry(result.Attributes!);
  } catch (error) {
    if (isConditionFailure(error) || isTransactionConflict(error)) return undefined;
    throw error;
  }
}
