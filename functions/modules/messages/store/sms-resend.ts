import { commitLabelled, tableName } from '../../../platform/dynamo';
import { auditWrite, type Actor } from '../../audit';
import { keys } from '../../../platform/store/keys';
import { dueSort, getSms } from './sms-records';

/** SMS ids name what they are about (functions/modules/messages/deliver-sms.ts smsIdOf): anything else is no SMS of ours. */
const SMS_ID = /^[a-z]+(?:-[a-z]+)*-[\w:.+-]{1,100}$/;

/**
 * Owe a failed SMS again, due now (DESIGN section 8: staff can resend any
 * failed SMS), in one transaction with its audit line: pending, its
 * attempts counted afresh, out of the failed list, into the due list, so
 * the SMS retry job sends it. reopened: done; owed: it is already pending
 * (nothing changes); sent: it went out (nothing changes); unknown: no such SMS.
 */
export async function resendSms(
  id: string,
  actor: Actor,
  now: Date,
): Promise<'reopened' | 'owed' | 'sent' | 'unknown'> {
  if (!SMS_ID.test(id)) return 'unknown';
  const sms = await getSms(id);
  // a one-time code's SMS is never sent again: its code is blanked once it failed, and the player asks for a new one
  if (!sms || sms.purpose === 'access-code') return 'unknown';
  if (sms.state !== 'failed') return sms.state === 'sent' ? 'sent' : 'owed';
  const at = now.toISOString();
  const outcome = await commitLabelled(
    [
      {
        Update: {
          TableName: tableName(),
          Key: keys.sms(id),
          UpdateExpression:
            'SET #state = :pending, attempts = :zero, nextAttemptAt = :at, owedAgainAt = :at, gsi1pk = :due, gsi1sk = :sort REMOVE gsi2pk, gsi2sk, expiresAt, failedAt',
          ConditionExpression: '#state = :failed',
          ExpressionAttributeNames: { '#state': 'state' },
          ExpressionAttributeValues: {
            ':pending': 'pending',
            ':failed': 'failed',
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
          before: { state: 'failed', lastError: sms.lastError, attempts: sms.attempts },
          after: { state: 'pending', nextAttemptAt: at },
        },
        now,
      ),
    ].map((item) => [item, undefined] as const),
  );
  if (outcome.committed) return 'reopened';
  // another resend (or a conflicting write: a failed SMS changes only here) got there first
  const again = await getSms(id);
  return again?.state === 'sent' ? 'sent' : 'owed';
}
