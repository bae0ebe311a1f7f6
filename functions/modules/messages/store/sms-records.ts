import { randomInt } from 'node:crypto';
import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { SMS_CHECK_DIGITS } from '../../../integrations/sms/gsm7';
import { batchGetAll, db, isConditionFailure, queryAll, tableName } from '../../../platform/dynamo';
import { keys, withoutKeys } from '../../../platform/store/keys';
import { queryShards } from '../../../platform/store/sharded-query';

/**
 * One SMS we owe someone (DESIGN section 8), from the moment it is owed
 * until the gateway took it or refused it for good. Its id is derived from
 * what it is about (`ticket-<entryId>`, `winner-<drawId>`), so one ticket or
 * one win owes one SMS however often its sender runs. While `pending` it is
 * in the SMSDUE index at its next attempt time; each attempt first claims
 * the record (attempts + 1, next attempt pushed past the attempt's lease),
 * so two senders never send the same attempt, and only the claimant may
 * write its outcome.
 */
/**
 * ticket: a paid entry's ticket; winner: a draw's winner; prompt-refused: a USSD entry whose payment prompt the provider refused;
 * prize-paid: a winner's prize payout the provider confirmed (ref: the payout); draw-cleared: a ticket whose
 * draw was cleared, carried or refunded (ref: the entry); my-tickets: a player's ticket list asked for by USSD
 * (ref: the number and the minute); entry-failed: a USSD entry whose payment failed or expired later (ref: the entry);
 * play-refused: why a web entry was refused, told to the number only (ref: the number and the hour); late-refund: a late
 * success refunded (ref: the entry); draw-moved: a ticket whose told draw a schedule change cancelled (ref: the entry);
 * access-code: a one-time code for the web's My tickets (ref: the number and a random id: each code its own SMS);
 * draw-check: the answer to an inbound `DRAW <code>` SMS (ref: the number and Africa's Talking's message id).
 * prize-held: a winner's prize that could not be paid, held until its claim deadline, and how to claim it (ref: the draw).
 * result: a daily or jackpot draw's result to a number opted in to them (ref: the draw and the number: one per pair);
 * results-keyword: the answer to an inbound RESULTS or STOP SMS (ref: the number and Africa's Talking's message id).
 */
export type SmsPurpose =
  | 'ticket'
  | 'winner'
  | 'prompt-refused'
  | 'entry-failed'
  | 'prize-paid'
  | 'draw-cleared'
  | 'my-tickets'
  | 'late-refund'
  | 'play-refused'
  | 'draw-moved'
  | 'access-code'
  | 'draw-check'
  | 'prize-held'
  | 'result'
  | 'results-keyword';

export interface SmsRecord {
  id: string;
  purpose: SmsPurpose;
  /** The entry or draw it is about. */
  ref: string;
  to: string;
  text: string;
  state: 'pending' | 'sent' | 'failed';
  /** Attempts started (claimed), the one in flight included. */
  attempts: number;
  /** While pending: when it is next due (or when an attempt in flight is presumed dead). */
  nextAttemptAt?: string;
  createdAt: string;
  sentAt?: string;
  failedAt?: string;
  /** The gateway's answer: message id, status (its own word), status code and cost. */
  messageId?: string;
  providerStatus?: string;
  providerStatusCode?: number;
  cost?: string;
  /** Why the last attempt did not send it. */
  lastError?: string;
  /** When staff last sent it again after it failed (./sms-resend.ts). */
  owedAgainAt?: string;
  /**
   * The code it goes out with ("Ref 12345678", ../sms-check.ts), drawn when it is owed so every attempt and
   * resend carries the same one; absent on records owed before codes were (one is derived from the id).
   */
  checkCode?: string;
}

export type NewSms = Pick<SmsRecord, 'id' | 'purpose' | 'ref' | 'to' | 'text'>;
/** A new SMS whose check code may be drawn already (one owed in a batch: ./sms-batches.ts). */
export type OwedSms = NewSms & Partial<Pick<SmsRecord, 'checkCode'>>;

export const dueSort = (at: string, id: string) => `${at}#${id}`;

/** A random check code: not derivable from the SMS's id, so no one can name the code of an SMS they never held. */
const newCheckCode = () => String(randomInt(10 ** SMS_CHECK_DIGITS)).padStart(SMS_CHECK_DIGITS, '0');

/** A Put of an SMS record, for a transaction (no condition) or, with one added, on its own. */
type SmsPut = { Put: { TableName: string; Item: Record<string, unknown> } };

/**
 * A new SMS record, pending, with `attempts` already started, due (or, while
 * an attempt is in flight, its lease ending) at `dueAt`; and the Put of its
 * item, in the due index at that time. The one builder of a new record.
 */
function newSms(sms: OwedSms, now: Date, attempts: 0 | 1, dueAt: Date): { record: SmsRecord; put: SmsPut } {
  const record: SmsRecord = {
    ...sms,
    checkCode: sms.checkCode ?? newCheckCode(),
    state: 'pending',
    attempts,
    nextAttemptAt: dueAt.toISOString(),
    createdAt: now.toISOString(),
  };
  const item = {
    ...smsItem(record),
    gsi1pk: keys.smsDue.of(sms.id),
    gsi1sk: dueSort(record.nextAttemptAt!, sms.id),
  };
  return { record, put: { Put: { TableName: tableName(), Item: item } } };
}

/** An SMS record as stored, keyed by its id (its index keys are its state's: added by the writer). */
export const smsItem = (record: SmsRecord) => ({ ...keys.sms(record.id), entity: 'sms-record', ...record });

/**
 * Store a new SMS already claimed for its first attempt (one write for the
 * common case); undefined when it exists already. An owed SMS keeps the
 * check code it was owed with.
 */
export async function createClaimedSms(sms: OwedSms, now: Date, leaseUntil: Date): Promise<SmsRecord | undefined> {
  const { record, put } = newSms(sms, now, 1, leaseUntil);
  try {
    await db().send(new PutCommand({ ...put.Put, ConditionExpression: 'attribute_not_exists(pk)' }));
    return record;
  } catch (error) {
    if (isConditionFailure(error)) return undefined;
    throw error;
  }
}

/**
 * A new SMS record claimed for its first attempt, not yet stored: one of a
 * batch owed in a transaction (./sms-batches.ts), recorded by its attempt
 * (./sms-attempts.ts putSentSms, or createClaimedSms on a failure).
 */
export function claimedSmsRecord(sms: NewSms, now: Date, leaseUntil: Date): SmsRecord {
  return newSms(sms, now, 1, leaseUntil).record;
}

/**
 * A new SMS owed and due now, as a write for the caller's own transaction:
 * the SMS is owed exactly when what it reports happened (a crash after the
 * commit still leaves it to the retry job). No condition: its id is new with
 * that transition, and an SMS must never cancel what it reports.
 */
export function owedSmsPut(sms: NewSms, now: Date): SmsPut {
  return newSms(sms, now, 0, now).put;
}

/**
 * Owe an SMS, due now, for the retry job to send (from a function that calls
 * no provider itself, DESIGN section 8). False when it is owed already.
 */
export async function oweSms(sms: NewSms, now: Date): Promise<boolean> {
  try {
    await db().send(new PutCommand({ ...owedSmsPut(sms, now).Put, ConditionExpression: 'attribute_not_exists(pk)' }));
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

export async function getSms(id: string): Promise<SmsRecord | undefined> {
  const result = await db().send(new GetCommand({ TableName: tableName(), Key: keys.sms(id), ConsistentRead: true }));
  return result.Item ? withoutKeys<SmsRecord>(result.Item) : undefined;
}

/** The SMS records of these ids that exist, in one batch read (the support desk's candidates for a player). */
export async function smsRecords(ids: readonly string[]): Promise<SmsRecord[]> {
  const found = await batchGetAll(ids.map((id) => keys.sms(id)));
  return [...found.values()].map((item) => withoutKeys<SmsRecord>(item));
}

/**
 * Claim the next attempt of a pending SMS that is due at `now`: the claimed
 * record, or undefined when it is not pending, not due, or another sender
 * claimed it first.
 */
export async function claimSms(id: string, now: Date, leaseUntil: Date): Promise<SmsRecord | undefined> {
  try {
    const result = await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.sms(id),
        UpdateExpression: 'SET attempts = attempts + :one, nextAttemptAt = :lease, gsi1sk = :sort',
        ConditionExpression: '#state = :pending AND nextAttemptAt <= :now',
        ExpressionAttributeNames: { '#state': 'state' },
        ExpressionAttributeValues: {
          ':one': 1,
          ':lease': leaseUntil.toISOString(),
          ':sort': dueSort(leaseUntil.toISOString(), id),
          ':pending': 'pending',
          ':now': now.toISOString(),
        },
        ReturnValues: 'ALL_NEW',
      }),
    );
    return withoutKeys<SmsRecord>(result.Attributes!);
  } catch (error) {
    if (isConditionFailure(error)) return undefined;
    throw error;
  }
}

/** Ids of pending SMS due before `now` (GSI1 sparse index, every shard; never a scan), the `limit` oldest first. */
export async function dueSmsIds(now: Date, limit: number): Promise<string[]> {
  const items = await queryShards(
    keys.smsDue,
    (partition) => ({
      IndexName: 'gsi1',
      KeyConditionExpression: 'gsi1pk = :pk AND gsi1sk <= :now',
      ExpressionAttributeValues: { ':pk': partition, ':now': `${now.toISOString()}#\uffff` },
      ProjectionExpression: 'id, gsi1sk',
    }),
    'gsi1sk',
    limit,
  );
  return items.map((item) => item.id as string);
}

/** SMS that failed for good, newest first (what an operator looks at). */
export async function failedSms(limit: number): Promise<SmsRecord[]> {
  const items = await queryAll(
    {
      IndexName: 'gsi2',
      KeyConditionExpression: 'gsi2pk = :pk',
      ExpressionAttributeValues: { ':pk': keys.smsFailed },
      ScanIndexForward: false,
    },
    limit,
  );
  return items.map((item) => withoutKeys<SmsRecord>(item));
}
