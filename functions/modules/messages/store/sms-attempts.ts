import { PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { db, isConditionFailure, tableName } from '../../../platform/dynamo';
import { epochSeconds, keys } from '../../../platform/store/keys';
import { dueSort, smsItem, type SmsRecord } from './sms-records';

/** Records are kept this long after they are settled, for support questions. */
const KEEP_DAYS = 90;

/**
 * An attempt's outcome on its SMS record (./sms-records.ts): sent, failed for
 * good, or due again; written only by the attempt's claimant.
 */

/** Only the claimant of attempt `attempt` writes its outcome (a sender whose lease ran out was overtaken). */
const claimantOnly = {
  ConditionExpression: '#state = :pending AND attempts = :attempt',
  names: { '#state': 'state' },
};

/**
 * The gateway took it: sent, out of the due index. False when this attempt was no longer the claimant's.
 * `keptText` replaces the stored text (a one-time code's, blanked: ../deliver-sms.ts).
 */
export async function recordSmsSent(
  id: string,
  attempt: number,
  receipt: SmsReceipt,
  now: Date,
  keptText?: string,
): Promise<boolean> {
  return settle(id, attempt, now, 'sent', sentFields(receipt, now, keptText));
}

/**
 * The gateway took an SMS whose record was not stored yet (one owed in a
 * batch, ./sms-batches.ts): its record is written once, sent — one write,
 * in no index. False when a record exists already (the batch's retry
 * overtook this attempt).
 */
export async function putSentSms(
  record: SmsRecord,
  receipt: SmsReceipt,
  now: Date,
  keptText?: string,
): Promise<boolean> {
  const { nextAttemptAt: _due, ...sms } = record;
  try {
    await db().send(
      new PutCommand({
        TableName: tableName(),
        Item: {
          ...smsItem({ ...sms, ...sentFields(receipt, now, keptText), state: 'sent' }),
          expiresAt: keptUntil(now),
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

type SmsReceipt = { messageId?: string; status: string; statusCode?: number; cost?: string };

function sentFields(receipt: SmsReceipt, now: Date, keptText: string | undefined): Record<string, unknown> {
  return {
    ...(keptText !== undefined ? { text: keptText } : {}),
    sentAt: now.toISOString(),
    providerStatus: receipt.status,
    ...(receipt.messageId !== undefined ? { messageId: receipt.messageId } : {}),
    ...(receipt.statusCode !== undefined ? { providerStatusCode: receipt.statusCode } : {}),
    ...(receipt.cost !== undefined ? { cost: receipt.cost } : {}),
  };
}

const keptUntil = (now: Date) => epochSeconds(new Date(now.getTime() + KEEP_DAYS * 86_400_000));

/** Refused for good, or out of attempts: failed, listed in the SMSFAILED index (newest last). */
export async function recordSmsFailed(
  id: string,
  attempt: number,
  failure: { error: string; providerStatus?: string; statusCode?: number },
  now: Date,
  keptText?: string,
): Promise<boolean> {
  return settle(id, attempt, now, 'failed', {
    ...(keptText !== undefined ? { text: keptText } : {}),
    failedAt: now.toISOString(),
    lastError: failure.error,
    ...(failure.providerStatus !== undefined ? { providerStatus: failure.providerStatus } : {}),
    ...(failure.statusCode !== undefined ? { providerStatusCode: failure.statusCode } : {}),
    gsi2pk: keys.smsFailed,
    gsi2sk: dueSort(now.toISOString(), id),
  });
}

/** A failure worth another try: due again at `nextAttemptAt`. */
export async function scheduleSmsRetry(
  id: string,
  attempt: number,
  nextAttemptAt: Date,
  error: string,
): Promise<boolean> {
  try {
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.sms(id),
        UpdateExpression: 'SET nextAttemptAt = :next, gsi1sk = :sort, lastError = :error',
        ConditionExpression: claimantOnly.ConditionExpression,
        ExpressionAttributeNames: claimantOnly.names,
        ExpressionAttributeValues: {
          ':next': nextAttemptAt.toISOString(),
          ':sort': dueSort(nextAttemptAt.toISOString(), id),
          ':error': error,
          ':pending': 'pending',
          ':attempt': attempt,
        },
      }),
    );
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

async function settle(
  id: string,
  attempt: number,
  now: Date,
  state: 'sent' | 'failed',
  fields: Record<string, unknown>,
): Promise<boolean> {
  const names = Object.keys(fields);
  try {
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.sms(id),
        UpdateExpression: `SET #state = :state, expiresAt = :expires, ${names.map((_, i) => `#f${i} = :f${i}`).join(', ')} REMOVE gsi1pk, gsi1sk, nextAttemptAt`,
        ConditionExpression: claimantOnly.ConditionExpression,
        ExpressionAttributeNames: { ...claimantOnly.names, ...Object.fromEntries(names.map((n, i) => [`#f${i}`, n])) },
        ExpressionAttributeValues: {
          ':state': state,
          ':expires': keptUntil(now),
          ':pending': 'pending',
          ':attempt': attempt,
          ...Object.fromEntries(names.map((n, i) => [`:f${i}`, fields[n]])),
        },
      }),
    );
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}
