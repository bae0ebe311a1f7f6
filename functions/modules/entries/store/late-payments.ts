import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { GameLedgerLine } from '../../ledger';
import { commitLabelled, db, isConditionFailure, tableName, type TransactItem } from '../../../platform/dynamo';
import { toEntry, type Entry } from './entries';
import { markPending } from './pending-marks';
import { gameLedgerPut } from '../../ledger';
import { keys } from '../../../platform/store/keys';
import { newPayoutPut, type Payout } from '../../payouts';

/**
 * A success the provider reported after the entry failed (DESIGN section 4,
 * "Every debit ends in exactly one outcome"): the entry takes exactly one of
 * two ways, once, marked by `lateSuccessAt`.
 */

/**
 * Failed → pending and confirmed, once: the entry is handed to settlement
 * (and marked open again, for reconciliation) as any
 * confirmed payment is, and settlement makes it a ticket. Returns the
 * revived entry, or undefined when it was revived or refunded already.
 */
export async function reviveLateEntry(entry: Entry, now: Date): Promise<Entry | undefined> {
  const at = now.toISOString();
  try {
    const result = await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.entry(entry.id),
        UpdateExpression:
          'SET #status = :pending, confirmedAt = :at, lateSuccessAt = :at, lateReason = :reason ' +
          'REMOVE reason, failedAt, gsi1pk, gsi1sk',
        ConditionExpression: '#status = :failed AND attribute_not_exists(lateSuccessAt)',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: {
          ':pending': 'pending',
          ':failed': 'failed',
          ':at': at,
          ':reason': entry.reason ?? 'FAILED',
        },
        ReturnValues: 'ALL_NEW',
      }),
    );
    const revived = toEntry(result.Attributes!);
    // marked open again, for reconciliation, until it is paid
    await markPending(revived);
    return revived;
  } catch (error) {
    if (isConditionFailure(error)) return undefined;
    throw error;
  }
}

/**
 * The failed entry's stake goes back (its draw is no longer open), in ONE
 * transaction: the entry marked refunded, the `refund` payout created, and
 * the stake booked taken and refunded on the game ledger (GGR nets to zero).
 * 'done': revived or refunded before; 'busy': a conflicting transaction, try again.
 */
export async function commitLateRefund(
  entry: Entry,
  payout: Payout,
  lines: { stake: GameLedgerLine; refund: GameLedgerLine },
  now: Date,
  audit?: TransactItem,
): Promise<'refunded' | 'done' | 'busy'> {
  const at = now.toISOString();
  // any condition failing means it was revived or refunded before
  const outcome = await commitLabelled(
    [
      {
        Update: {
          TableName: tableName(),
          Key: keys.entry(entry.id),
          UpdateExpression: 'SET lateSuccessAt = :at, refundedAt = :at, refundPayoutId = :payout REMOVE gsi1pk, gsi1sk',
          ConditionExpression: '#status = :failed AND attribute_not_exists(lateSuccessAt)',
          ExpressionAttributeNames: { '#status': 'status' },
          ExpressionAttributeValues: { ':at': at, ':payout': payout.id, ':failed': 'failed' },
        },
      },
      newPayoutPut(payout),
      gameLedgerPut(lines.stake),
      gameLedgerPut(lines.refund),
      ...(audit ? [audit] : []),
    ].map((item) => [item, 'done'] as const),
  );
  if (outcome.committed) return 'refunded';
  return outcome.busy ? 'busy' : 'done';
}
