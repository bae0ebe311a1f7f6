import { commitLabelled, tableName } from '../../../platform/dynamo';
import { auditWrite, type Actor } from '../../audit';
import { keys } from '../../../platform/store/keys';
import { dueSort, getSms, type SmsPurpose, type SmsRecord } from './sms-records';

/** SMS ids name what they are about (functions/modules/messages/deliver-sms.ts smsIdOf): anything else is no SMS of ours. */
const SMS_ID = /^[a-z]+(?:-[a-z]+)*-[\w:.+-]{1,100}$/;

/**
 * The SMS of a player's money story (a ticket, a win, a prize paid or held, a refund, a cleared or moved draw, a
 * failed entry): the support desk may send one again after it was sent, when the caller says it never came.
 */
const SENT_AGAIN_ON_REQUEST: ReadonlySet<SmsPurpose> = new Set([
  'ticket',
  'winner',
  'prize-paid',
  'prize-held',
  'late-refund',
  'draw-cleared',
  'draw-moved',
  'entry-failed',
]);

/**
 * Whether staff may owe `sms` again: any failed SMS but a one-time code's (its code is blanked once it failed,
 * and the player asks for a new one); with `sent`, also a sent SMS of a player's money story.
 */
export const resendable = (sms: Pick<SmsRecord, 'purpose' | 'state'>, options: { sent: boolean }): boolean =>
  sms.purpose !== 'access-code' &&
  (sms.state === 'failed' || (options.sent && sms.state === 'sent' && SENT_AGAIN_ON_REQUEST.has(sms.purpose)));

/**
 * Owe an SMS again, due now (DESIGN section 8: staff can resend any failed
 * SMS; the support desk also a sent one of a player's money story, with
 * `sent`), in one transaction with its audit line: pending, its attempts
 * counted afresh, out of the failed list, into the due list, so the SMS
 * retry job sends it with its text and check code unchanged. reopened: done;
 * owed: it is already pending (nothing changes); sent: it went out and may
 * not be sent again here (nothing changes); unknown: no such SMS.
 */
export async function resendSms(
  id: string,
  actor: Actor,
  now: Date,
  options: { sent: boolean } = { sent: false },
): Promise<'reopened' | 'owed' | 'sent' | 'unknown'> {
  if (!SMS_ID.test(id)) return 'unknown';
  const sms = await getSms(id);
  if (!sms || sms.purpose === 'access-code') return 'unknown';
  if (sms.state === 'pending') return 'owed';
  if (!resendable(sms, options)) return 'sent';
  const from = sms.state;
  const at = now.toISOString();
  const outcome = await commitLabelled(
    [
      {
        Update: {
          TableName: tableName(),
          Key: keys.sms(id),
          UpdateExpression:
            'SET #state = :pending, attempts = :zero, nextAttemptAt = :at, owedAgainAt = :at, gsi1pk = :due, gsi1sk = :sort REMOVE gsi2pk, gsi2sk, expiresAt, failedAt, sentAt',
          ConditionExpression: '#state = :from',
          ExpressionAttributeNames: { '#state': 'state' },
          ExpressionAttributeValues: {
            ':pending': 'pending',
            ':from': from,
            ':zero': 0,
            ':at': at,
            ':due': keys.smsDue.of(id),
            ':sort': dueSort(at, id),
          },
        },
      },
      auditWrite(
        {
          ...actor,
          action: 'sms.resend',
          target: `sms:${id}`,
          before: { state: from, lastError: sms.lastError, sentAt: sms.sentAt, attempts: sms.attempts },
          after: { state: 'pending', nextAttemptAt: at },
        },
        now,
      ),
    ].map((item) => [item, undefined] as const),
  );
  if (outcome.committed) return 'reopened';
  // another resend got there first (a failed or sent SMS changes only here): it is owed, or went out again
  const again = await getSms(id);
  return again?.state === 'sent' ? 'sent' : 'owed';
}
