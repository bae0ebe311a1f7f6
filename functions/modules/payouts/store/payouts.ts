import { payeeExistsCheck, payoutInFlightAdd } from '../../staff';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import {
  batchGetAll,
  commitLabelledRetried,
  db,
  queryAll,
  tableName,
  type TransactItem,
} from '../../../platform/dynamo';
import { auditWrite, type AuditEntry, type Actor } from '../../audit';
import { balanceChange } from './balances';
import type { PrizeDraw } from '../../draw-records';
import { keys, withoutKeys } from '../../../platform/store/keys';
import type { Currency } from '@shared/money';

/**
 * Payouts (DESIGN section 4 "Payouts"): partner, announcer and prize
 * money going out by mobile-money transfer. The id is the transfer's
 * X-Reference-Id, saved before the transfer is sent.
 *
 *   PAYOUT#<id> / PAYOUT    gsi1 PAYOUTS / <createdAt>#<id>           every payout, oldest first
 *                           gsi2 PAYOUTPENDING / <createdAt>#<id>     only while in flight (reconciliation reads it)
 *
 * pending → paid, or pending → failed; never back. A balance payout holds its
 * amount (a ledger line) in the transaction that creates it, and restores it
 * in the one that fails it, so a failure restores exactly once. A prize
 * payout moves its draw record's payoutStatus in the same transactions.
 * Settling one: ./payout-settlement.ts; the admin's list: ./payouts-page.ts.
 */
/** refund: a cleared draw's stake going back to its player (DESIGN section 4 "Clear draw"; functions/modules/draws/refund-entry.ts). */
export type PayoutKind = 'partner' | 'announcer' | 'prize' | 'refund';
export type PayoutStatus = 'pending' | 'paid' | 'failed';

export interface Payout {
  id: string;
  kind: PayoutKind;
  /** Partner and announcer payouts: whose balance the amount is held from. */
  userId?: string;
  promotionId: string;
  promotionTitle: string;
  amountCents: number;
  /** LRD, but a refund goes back in the currency the stake was paid in. */
  currency: Currency;
  msisdn: string;
  status: PayoutStatus;
  /** The provider's reason when failed (PAYEE_NOT_FOUND, NOT_FOUND, REJECTED, …). */
  reason?: string;
  /** SHA-256 of the secret in this payout's callback URL. */
  callbackSecretHash: string;
  /** The paying admin's id, or 'scheduler' for prizes. */
  requestedBy: string;
  /** Refunds: the entry whose stake goes back. */
  entryId?: string;
  /** Prize payouts: the draw, and which attempt at paying it this is. */
  drawId?: string;
  attempt?: number;
  createdAt: string;
  paidAt?: string;
  failedAt?: string;
  financialTransactionId?: string;
  /** A retry (the Payouts screen): the failed payout it retries. */
  retryOf?: string;
  /** A failed payout: the payout that retried it (set once, with the retry's start). */
  retriedAs?: string;
  /** When the provider first answered NOT_FOUND for this reference (modules/payouts/confirm-payout.ts waits a settling delay from it). */
  notFoundSince?: string;
}

export const ownerRoleOf = (payout: Payout): 'partner' | 'announcer' =>
  payout.kind === 'announcer' ? 'announcer' : 'partner';

export function newPayoutPut(payout: Payout): TransactItem {
  const sort = `${payout.createdAt}#${payout.id}`;
  return {
    Put: {
      TableName: tableName(),
      Item: {
        ...keys.payout(payout.id),
        entity: 'payout',
        ...payout,
        gsi1pk: keys.payoutsIndex,
        gsi1sk: sort,
        gsi2pk: keys.payoutsPending,
        gsi2sk: sort,
      },
      // one payout per id: the same Idempotency-Key (or draw attempt) never pays twice
      ConditionExpression: 'attribute_not_exists(pk)',
    },
  };
}

/** payee-gone: the payee was deleted before the hold committed. */
export type HoldOutcome = 'held' | 'exists' | 'insufficient' | 'payee-gone';

/**
 * Start a partner or announcer payout: in ONE transaction the payout record,
 * the hold on the balance (a debit that never takes it below zero) with its
 * ledger line, and the audit line.
 */
export async function holdBalancePayout(
  payout: Payout,
  audit: { actor: Actor; target: string },
  now: Date,
  retryOf?: Payout,
): Promise<HoldOutcome | 'retried'> {
  const [balanceUpdate, ledgerLine] = balanceChange(
    {
      userId: payout.userId!,
      ownerRole: ownerRoleOf(payout),
      promotionId: payout.promotionId,
      promotionTitle: payout.promotionTitle,
      deltaCents: -payout.amountCents,
      kind: 'payout-hold',
      ref: payout.id,
    },
    now,
  );
  const audited = auditWrite(
    {
      ...audit.actor,
      action: retryOf ? `${payout.kind}.retry` : `${payout.kind}.pay`,
      target: audit.target,
      after: payoutSummary(payout),
    },
    now,
  );
  const outcome = await commitPayout<HoldOutcome | 'retried' | 'other'>([
    [newPayoutPut(payout), 'exists'],
    // the payee cannot be deleted until this payout settles (modules/staff/store/payee-in-flight.ts)
    [payeeExistsCheck(payout.userId!), 'payee-gone'],
    [payoutInFlightAdd(payout.userId!, payout.id), 'other'],
    // the debit never takes the balance below zero
    [balanceUpdate!, 'insufficient'],
    [ledgerLine!, 'other'],
    [audited, 'other'],
    ...(retryOf ? [[retriedMark(retryOf.id, payout.id), 'retried'] as const] : []),
  ]);
  if (outcome.committed) return 'held';
  for (const named of ['exists', 'retried', 'payee-gone', 'insufficient'] as const)
    if (outcome.failed.includes(named)) return named;
  throw outcome.error;
}

/**
 * A failed payout names the payout that retried it, in the transaction that
 * starts the retry: a failed payout is retried once (a retry that fails is
 * retried in its turn), so two clicks or a click and the prize scheduler
 * never start two.
 */
function retriedMark(failedId: string, retryId: string): TransactItem {
  return {
    Update: {
      TableName: tableName(),
      Key: keys.payout(failedId),
      UpdateExpression: 'SET retriedAs = :retry',
      ConditionExpression: '#status = :failed AND attribute_not_exists(retriedAs)',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: { ':retry': retryId, ':failed': 'failed' },
    },
  };
}

/** Start a prize payout for a winning draw: the payout record and the draw's move to this attempt, in one transaction. */
export async function startPrizePayout(payout: Payout, draw: PrizeDraw, audit?: AuditEntry): Promise<boolean> {
  const first = payout.attempt === 1;
  const items: TransactItem[] = [
    newPayoutPut(payout),
    {
      Update: {
        TableName: tableName(),
        Key: keys.draw(draw.id),
        UpdateExpression:
          'SET payoutId = :id, payoutStatus = :pending, payoutAttempt = :attempt REMOVE payoutReason, payoutFailedAt',
        // one prize payout in flight per draw: the first only while none was started; a retry only after the previous attempt FAILED
        ConditionExpression: first
          ? 'attribute_not_exists(payoutId) AND gsi2pk = :queue'
          : 'payoutId = :previous AND payoutStatus = :failed AND gsi2pk = :queue',
        ExpressionAttributeValues: {
          ':id': payout.id,
          ':pending': 'pending',
          ':attempt': payout.attempt,
          ':queue': keys.prizePayoutsPending,
          ...(first ? {} : { ':previous': draw.payoutId, ':failed': 'failed' }),
        },
      },
    },
    ...(first ? [] : [retriedMark(draw.payoutId!, payout.id)]),
    ...(audit ? [auditWrite({ ...audit, after: payoutSummary(payout) }, new Date(payout.createdAt))] : []),
  ];
  // a condition failed: another run started it
  return (await commitPayout(items.map((item) => [item, undefined] as const))).committed;
}

/** A payout's transaction, tried again while only another transaction writing the same item cancelled it (the loser learns nothing else). */
export const commitPayout = <L>(items: ReadonlyArray<readonly [TransactItem, L]>) =>
  commitLabelledRetried(items, { attempts: 12, baseMs: 10, capMs: 200 });

export async function getPayout(id: string): Promise<Payout | undefined> {
  const result = await db().send(
    new GetCommand({ TableName: tableName(), Key: keys.payout(id), ConsistentRead: true }),
  );
  return result.Item ? toPayout(result.Item) : undefined;
}

/** Payouts by id (those that exist), consistently read. */
export async function getPayouts(ids: string[]): Promise<Map<string, Payout>> {
  const found = await batchGetAll(
    ids.map((id) => keys.payout(id)),
    { consistent: true },
  );
  return new Map([...found.values()].map((item) => [item.id as string, toPayout(item)]));
}

/** Payouts still in flight that started before `cutoff` (sparse PAYOUTPENDING index; never a scan). */
export async function pendingPayoutsBefore(cutoff: Date, limit = 500): Promise<string[]> {
  const items = await queryAll(
    {
      IndexName: 'gsi2',
      KeyConditionExpression: 'gsi2pk = :pk AND gsi2sk < :cutoff',
      ExpressionAttributeValues: { ':pk': keys.payoutsPending, ':cutoff': cutoff.toISOString() },
      ProjectionExpression: 'id',
    },
    limit,
  );
  return items.map((item) => item.id as string);
}

/** What the audit line keeps of a payout (no callback secret hash). */
function payoutSummary(payout: Payout) {
  return {
    payoutId: payout.id,
    kind: payout.kind,
    promotionId: payout.promotionId,
    promotionTitle: payout.promotionTitle,
    amountCents: payout.amountCents,
    msisdn: payout.msisdn,
  };
}

export function toPayout(item: Record<string, unknown>): Payout {
  return withoutKeys<Payout>(item);
}
