import { DeleteCommand, GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ACCESS_CODE_MAX_TRIES } from '@shared/my-tickets';
import { commitAll, commitIfConditionsHold, db, isConditionFailure, tableName } from '../../../platform/dynamo';
import { epochSeconds, keys } from '../../../platform/store/keys';
import { owedSmsPut, type NewSms } from '../../messages';

/**
 * A number's web My tickets access (DESIGN section 7): its one live
 * one-time code (only a salted hash, with the tries it took; a new code
 * replaces it) beside the number's other items, and the sessions a code
 * opened, by their token's hash. Both expire by TTL; every read also checks
 * the time, since TTL deletes late.
 */
export interface StoredCode {
  codeHash: string;
  salt: string;
  tries: number;
  expiresAtMs: number;
}

/** Store a new code for the number (replacing any other) and owe its SMS, in one transaction. */
export async function putAccessCode(
  msisdn: string,
  code: Omit<StoredCode, 'tries'>,
  sms: NewSms,
  now: Date,
): Promise<void> {
  await commitAll([
    {
      Put: {
        TableName: tableName(),
        Item: {
          ...keys.playerAccessCode(msisdn),
          entity: 'player-access-code',
          ...code,
          tries: 0,
          createdAt: now.toISOString(),
          expiresAt: epochSeconds(new Date(code.expiresAtMs)),
        },
      },
    },
    owedSmsPut(sms, now),
  ]);
}

/** Why no try could be taken: no live code, or its tries are used up. */
export type NoTry = 'expired' | 'void';

/**
 * Take one try of the number's code before it is compared, atomically (so
 * parallel guesses all count): the code as it stands after, or why not.
 */
export async function takeCodeTry(msisdn: string, now: Date): Promise<StoredCode | NoTry> {
  try {
    const result = await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.playerAccessCode(msisdn),
        UpdateExpression: 'ADD tries :one',
        ConditionExpression: 'attribute_exists(pk) AND tries < :max AND expiresAtMs > :now',
        ExpressionAttributeValues: { ':one': 1, ':max': ACCESS_CODE_MAX_TRIES, ':now': now.getTime() },
        ReturnValues: 'ALL_NEW',
      }),
    );
    return codeOf(result.Attributes!);
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
  }
  const held = await db().send(
    new GetCommand({ TableName: tableName(), Key: keys.playerAccessCode(msisdn), ConsistentRead: true }),
  );
  const code = held.Item ? codeOf(held.Item) : undefined;
  return code && code.expiresAtMs > now.getTime() && code.tries >= ACCESS_CODE_MAX_TRIES ? 'void' : 'expired';
}

const codeOf = (item: Record<string, unknown>): StoredCode => ({
  codeHash: item.codeHash as string,
  salt: item.salt as string,
  tries: item.tries as number,
  expiresAtMs: item.expiresAtMs as number,
});

/**
 * The right code used: it is spent (only this very code: a newer one, or a
 * parallel use, wins) and a session for the number opens, together. False
 * when the code was spent or replaced meanwhile.
 */
export async function spendCodeForSession(
  msisdn: string,
  codeHash: string,
  session: { tokenKey: string; expiresAtMs: number },
  now: Date,
): Promise<boolean> {
  return commitIfConditionsHold([
    {
      Delete: {
        TableName: tableName(),
        Key: keys.playerAccessCode(msisdn),
        ConditionExpression: 'codeHash = :hash',
        ExpressionAttributeValues: { ':hash': codeHash },
      },
    },
    {
      Put: {
        TableName: tableName(),
        Item: {
          ...keys.playerTicketsSession(session.tokenKey),
          entity: 'player-tickets-session',
          msisdn,
          createdAt: now.toISOString(),
          expiresAtMs: session.expiresAtMs,
          expiresAt: epochSeconds(new Date(session.expiresAtMs)),
        },
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
  ]);
}

/** The number a live session shows and when it ends; undefined when there is none or it has ended. */
export async function ticketsSessionNumber(
  tokenKey: string,
  now: Date,
): Promise<{ msisdn: string; endsAt: string } | undefined> {
  const result = await db().send(
    new GetCommand({ TableName: tableName(), Key: keys.playerTicketsSession(tokenKey), ConsistentRead: true }),
  );
  const item = result.Item;
  if (!item || (item.expiresAtMs as number) <= now.getTime()) return undefined;
  return { msisdn: item.msisdn as string, endsAt: new Date(item.expiresAtMs as number).toISOString() };
}

export async function deleteTicketsSession(tokenKey: string): Promise<void> {
  await db().send(new DeleteCommand({ TableName: tableName(), Key: keys.playerTicketsSession(tokenKey) }));
}
