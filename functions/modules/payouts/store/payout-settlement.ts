import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { payoutInFlightRemove } from '../../staff';
import { prizeLine, moneyOutCounterWrites, gameLedgerPut } from '../../ledger';
import { db, isConditionFailure, tableName, type TransactItem } from '../../../platform/dynamo';
import { recordMetric, recordMetrics } from '../../../platform/metrics';
import { balanceChange } from './balances';
import { getDraw } from '../../draw-records';
import { keys } from '../../../platform/store/keys';
import { owedSmsPut, type NewSms } from '../../messages';
import { commitPayout, ownerRoleOf, type Payout } from './payouts';
import { holdWrites, isUnpayable, tellHeldWinner } from '../held-prize-rules';

/**
 * A payout settling (DESIGN section 4 "Payouts"): pending → paid or
 * pending → failed, once, with everything that moves with it in the same
 * transaction (./payouts.ts starts them).
 */

/**
 * pending → paid (once): paid totals are counted; a prize's draw leaves the
 * PRIZEPAYOUT queue; `sms` (the winner's "prize paid" SMS) is owed in the
 * same transaction, so it is owed exactly once with the payment.
 */
export async function markPayoutPaid(
  payout: Payout,
  financialTransactionId: string | undefined,
  now: Date,
  sms?: NewSms,
): Promise<boolean> {
  const at = now.toISOString();
  const move: TransactItem = {
    Update: {
      TableName: tableName(),
      Key: keys.payout(payout.id),
      UpdateExpression: 'SET #status = :paid, paidAt = :at, financialTransactionId = :ftx REMOVE gsi2pk, gsi2sk',
      // a payout settles once: only a pending one becomes paid
      ConditionExpression: '#status = :pending',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: {
        ':paid': 'paid',
        ':pending': 'pending',
        ':at': at,
        ':ftx': financialTransactionId ?? '',
      },
    },
  };
  const items: TransactItem[] = [];
  if (payout.kind === 'prize') {
    items.push(
      drawPayoutUpdate(payout, 'SET payoutStatus = :paid, payoutPaidAt = :at REMOVE gsi2pk, gsi2sk, payoutReason', {
        ':paid': 'paid',
        ':at': at,
      }),
    );
    // the prize leaves the owed figure for the paid one: booked with the payout's success (DESIGN section 4 "Tax")
    const draw = await getDraw(payout.drawId!);
    if (!draw) throw new Error(`prize payout ${payout.id} names a missing draw ${payout.drawId}`);
    items.push(gameLedgerPut(prizeLine('prize-paid', { ...draw, prizeLrdCents: payout.amountCents }, at)));
  }
  // a refund gives a stake back: money out to no winner, partner or announcer (DESIGN section 4 "Clear draw")
  if (payout.kind !== 'refund') {
    const paid = { [`${payout.kind}PaidCents` as const]: payout.amountCents };
    items.push(...moneyOutCounterWrites(paid, now));
  }
  if (payout.kind === 'partner' || payout.kind === 'announcer')
    items.push(payoutInFlightRemove(payout.userId!, payout.id));
  if (sms) items.push(owedSmsPut(sms, now));
  // counted where the transition happens, exactly once however many callers race (shared/metrics.ts)
  const settled = await settle(move, items);
  if (settled)
    recordMetrics(
      { payoutsPaid: 1, payoutsPaidValue: payout.amountCents },
      { kind: payout.kind },
      { correlationId: payout.id },
    );
  return settled;
}

/** pending → failed (once): a balance payout's hold is restored in the same transaction; a prize's draw shows why. */
export async function markPayoutFailed(payout: Payout, reason: string, now: Date): Promise<boolean> {
  const at = now.toISOString();
  const move: TransactItem = {
    Update: {
      TableName: tableName(),
      Key: keys.payout(payout.id),
      UpdateExpression: 'SET #status = :failed, reason = :reason, failedAt = :at REMOVE gsi2pk, gsi2sk',
      // restored exactly once: only a pending payout fails
      ConditionExpression: '#status = :pending',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: { ':failed': 'failed', ':pending': 'pending', ':reason': reason, ':at': at },
    },
  };
  const items: TransactItem[] = [];
  let heldSms: NewSms | undefined;
  if (payout.kind === 'prize' && isUnpayable(reason)) {
    // no wallet, or no longer active: held for the winner to claim, told how by SMS (issue 36 part 4)
    const hold = await holdWrites(payout, reason, now);
    items.push(...hold.items);
    heldSms = hold.sms;
  } else if (payout.kind === 'prize') {
    items.push(
      drawPayoutUpdate(payout, 'SET payoutStatus = :failed, payoutReason = :reason, payoutFailedAt = :at', {
        ':failed': 'failed',
        ':reason': reason,
        ':at': at,
      }),
    );
  } else if (payout.kind !== 'refund') {
    // (a refund holds no balance: a failed one stays failed and listed, for an operator to pay by hand)
    items.push(
      ...balanceChange(
        {
          userId: payout.userId!,
          ownerRole: ownerRoleOf(payout),
          promotionId: payout.promotionId,
          promotionTitle: payout.promotionTitle,
          deltaCents: payout.amountCents,
          kind: 'payout-restore',
          ref: payout.id,
        },
        now,
      ),
      // settled: the payee may be deleted again (its balance is back, so only once it is paid out)
      payoutInFlightRemove(payout.userId!, payout.id),
    );
  }
  const failed = await settle(move, items);
  if (failed) recordMetric('payoutsFailed', 1, { kind: payout.kind }, { correlationId: payout.id, reason });
  if (failed && heldSms) await tellHeldWinner(heldSms, now);
  return failed;
}

/**
 * Note that the provider answered NOT_FOUND for a pending payout; the first
 * such time is kept. Undefined when the payout is no longer pending.
 */
export async function markPayoutNotFound(payout: Payout, now: Date): Promise<string | undefined> {
  try {
    const result = await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.payout(payout.id),
        UpdateExpression: 'SET notFoundSince = if_not_exists(notFoundSince, :at)',
        ConditionExpression: '#status = :pending',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':at': now.toISOString(), ':pending': 'pending' },
        ReturnValues: 'UPDATED_NEW',
      }),
    );
    return result.Attributes?.notFoundSince as string;
  } catch (error) {
    if (isConditionFailure(error)) return undefined;
    throw error;
  }
}

function drawPayoutUpdate(payout: Payout, expression: string, values: Record<string, unknown>): TransactItem {
  return {
    Update: {
      TableName: tableName(),
      Key: keys.draw(payout.drawId!),
      UpdateExpression: expression,
      // only the draw's current attempt speaks for it
      ConditionExpression: 'payoutId = :payout',
      ExpressionAttributeValues: { ...values, ':payout': payout.id },
    },
  };
}

/** Commit a pending → final move with what moves with it; false if the payout had already left pending. */
async function settle(move: TransactItem, alongside: readonly TransactItem[]): Promise<boolean> {
  const outcome = await commitPayout([
    [move, 'settled'] as const,
    ...alongside.map((item) => [item, 'other'] as const),
  ]);
  if (outcome.committed) return true;
  if (outcome.failed.includes('settled')) return false;
  throw outcome.error;
}
