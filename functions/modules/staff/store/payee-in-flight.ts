import { messages } from '@shared/messages';
import { refuseConflict } from '../../../platform/refusal';
import type { TransactItem } from '../../../platform/dynamo';
import { tableName } from '../../../platform/dynamo';
import { keys } from '../../../platform/store/keys';
import type { Write } from './users';

/**
 * A payee's payouts in flight (DESIGN section 4 "Payouts": a payee with a
 * payout in flight cannot be deleted; money is never restored onto a deleted
 * user). The ids of the payee's pending balance payouts, as a set on an item
 * of its own (PAYEE#<userId> / INFLIGHT: not the user item, whose whole-item
 * writes must not carry it): added in the transaction that holds the amount,
 * removed in the one that settles it, and a user's deletion is conditional on
 * the set being empty — so a payout and a deletion never both commit.
 */
const key = (userId: string) => ({ pk: `PAYEE#${userId}`, sk: 'INFLIGHT' });

/** The payee still exists while its payout starts (a deletion that won the race leaves nothing to pay from). */
export function payeeExistsCheck(userId: string): TransactItem {
  return {
    ConditionCheck: {
      TableName: tableName(),
      Key: keys.user(userId),
      ConditionExpression: 'attribute_exists(pk)',
    },
  };
}

export function payoutInFlightAdd(userId: string, payoutId: string): TransactItem {
  return {
    Update: {
      TableName: tableName(),
      Key: key(userId),
      UpdateExpression: 'ADD payoutIds :id',
      ExpressionAttributeValues: { ':id': new Set([payoutId]) },
    },
  };
}

export function payoutInFlightRemove(userId: string, payoutId: string): TransactItem {
  return {
    Update: {
      TableName: tableName(),
      Key: key(userId),
      UpdateExpression: 'DELETE payoutIds :id',
      ExpressionAttributeValues: { ':id': new Set([payoutId]) },
    },
  };
}

/** Part of a user's deletion: only while none of its payouts is in flight (an empty set is no attribute); refused so when one is. */
export function noPayoutInFlightDelete(userId: string): Write {
  const item: TransactItem = {
    Delete: {
      TableName: tableName(),
      Key: key(userId),
      ConditionExpression: 'attribute_not_exists(payoutIds)',
    },
  };
  return [item, { refuse: () => refuseConflict(messages.refusals.payoutInFlight) }];
}
