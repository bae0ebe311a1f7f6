import { DeleteCommand, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { batchGetAll, db, isConditionFailure, keyId, queryAll, tableName } from '../../../platform/dynamo';
import { keys } from '../../../platform/store/keys';
import { isExcluded, type Exclusion } from './players';

/**
 * A number's opt-in to each daily and jackpot draw's result by SMS (issue 35), PLAYER#<msisdn>/RESULTSMS:
 * one item of its own, written only when the number opts in (USSD Results, or the SMS keyword RESULTS) and
 * deleted when it stops (STOP, or Africa's Talking's opt-out), so the entry path neither reads nor writes it.
 * Listed under gsi1 RESULTSMS for the result fan-out.
 */
export type ResultSmsVia = 'ussd' | 'sms';

/** Opt in: true when the number was not opted in before (a second opt-in changes nothing). */
export async function optInResultSms(msisdn: string, via: ResultSmsVia, now: Date): Promise<boolean> {
  try {
    await db().send(
      new PutCommand({
        TableName: tableName(),
        Item: {
          ...keys.playerResultSms(msisdn),
          entity: 'result-sms-optin',
          msisdn,
          via,
          since: now.toISOString(),
          gsi1pk: keys.resultSmsIndex,
          gsi1sk: msisdn,
        },
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    );
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

/** Opt out at once: true when the number was opted in. */
export async function optOutResultSms(msisdn: string): Promise<boolean> {
  const result = await db().send(
    new DeleteCommand({ TableName: tableName(), Key: keys.playerResultSms(msisdn), ReturnValues: 'ALL_OLD' }),
  );
  return result.Attributes !== undefined;
}

export async function isOptedInResultSms(msisdn: string): Promise<boolean> {
  const result = await db().send(
    new GetCommand({ TableName: tableName(), Key: keys.playerResultSms(msisdn), ConsistentRead: true }),
  );
  return result.Item !== undefined;
}

/**
 * The numbers a result SMS goes to now: those listed opted in, each confirmed by a consistent read of its own
 * item (the index lags a STOP by a moment; the item does not), less any self-excluded or excluded number
 * (responsible play: no draw news to a number that asked to stop playing).
 */
export async function resultSmsRecipients(now: Date): Promise<string[]> {
  const listed = await queryAll({
    IndexName: 'gsi1',
    KeyConditionExpression: 'gsi1pk = :pk',
    ExpressionAttributeValues: { ':pk': keys.resultSmsIndex },
    ProjectionExpression: 'msisdn',
  });
  const numbers = [...new Set(listed.map((item) => item.msisdn as string))];
  const found = await batchGetAll(
    numbers.flatMap((msisdn) => [keys.playerResultSms(msisdn), keys.playerExclusion(msisdn)]),
    { consistent: true },
  );
  return numbers.filter((msisdn) => {
    if (!found.has(keyId(keys.playerResultSms(msisdn)))) return false;
    const exclusion = found.get(keyId(keys.playerExclusion(msisdn))) as Exclusion | undefined;
    return !isExcluded(exclusion, now);
  });
}
