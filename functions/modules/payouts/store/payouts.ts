import { payeeExistsCheck, payoutInFlightAdd, payoutInFlightRemove } from '../../staff';
import { messages } from '@shared/messages';
import { GetCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { prizeLine, moneyOutCounterWrites, gameLedgerPut } from '../../ledger';
import {
  batchGetAll,
  db,
  failedConditionIndexes,
  isConditionFailure,
  isTransactionConflict,
  queryAll,
  queryPages,
  tableName,
  type TransactItem,
} from '../../../platform/dynamo';
import { recordMetric, recordMetrics } from '../../../platform/metrics';
import { refuseInvalid } from '../../../platform/refusal';
import { jitteredBackoff } from '../../../platform/pause';
import { auditWrite, type AuditEntry, type Actor } from '../../audit';
import { balanceChange } from './balances';
import type { PrizeDraw } from '../../draw-records';
import { getDraw } from '../../draw-records';
import { keys, withoutKeys } from '../../../platform/store/keys';
import type { Currency } from '@shared/money';
import { owedSmsPut, type NewSms } from '../../messages';

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
 */
/** refund: a cleared draw's stake going back to its player (DESIGN section 4 "Clear draw"; functions/modules/draws/refund-entry.ts). */
type PayoutKind = 'partner' | 'announcer' | 'prize' | 'refund';
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

const ownerRoleOf = (payout: Payout): 'partner' | 'announcer' =>
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
  const items: TransactItem[] = [
    newPayoutPut(payout),
    // the payee cannot be deleted until this payout settles (modules/staff/store/payee-in-flight.ts)
    payeeExistsCheck(payout.userId!),
    payoutInFlightAdd(payout.userId!, payout.id),
    ...balanceChange(
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
    ),
    auditWrite(
      {
        ...audit.actor,
        action: retryOf ? `${payout.kind}.retry` : `${payout.kind}.pay`,
        target: audit.target,
        after: payoutSummary(payout),
      },
      now,
    ),
    ...(retryOf ? [retriedMark(retryOf.id, payout.id)] : []),
  ];
  try {
    await commit(items);
    return 'held';
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
    const failed = failedConditionIndexes(error);
    if (failed.includes(0)) return 'exists';
    if (failed.includes(items.length - 1) && retryOf) return 'retried';
    if (failed.includes(1)) return 'payee-gone';
    if (failed.includes(3)) return 'insufficient';
    throw error;
  }
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
  try {
    await commit(items);
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false; // another run started it
    throw error;
  }
}

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
  const items: TransactItem[] = [
    {
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
    },
  ];
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
  const settled = await settle(items);
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
  const items: TransactItem[] = [
    {
      Update: {
        TableName: tableName(),
        Key: keys.payout(payout.id),
        UpdateExpression: 'SET #status = :failed, reason = :reason, failedAt = :at REMOVE gsi2pk, gsi2sk',
        // restored exactly once: only a pending payout fails
        ConditionExpression: '#status = :pending',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':failed': 'failed', ':pending': 'pending', ':reason': reason, ':at': at },
      },
    },
  ];
  if (payout.kind === 'prize') {
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
  const failed = await settle(items);
  if (failed) recordMetric('payoutsFailed', 1, { kind: payout.kind }, { correlationId: payout.id, reason });
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

/** Commit a pending → final move; false if the payout had already left pending. */
async function settle(items: TransactItem[]): Promise<boolean> {
  try {
    await commit(items);
    return true;
  } catch (error) {
    if (isConditionFailure(error) && failedConditionIndexes(error).includes(0)) return false;
    throw error;
  }
}

const MAX_ATTEMPTS = 12;

/** A transaction cancelled only because another one was writing the same item is retried (the loser learns nothing else). */
async function commit(items: TransactItem[]): Promise<void> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      await db().send(new TransactWriteCommand({ TransactItems: items }));
      return;
    } catch (error) {
      if (isConditionFailure(error) || !isTransactionConflict(error) || attempt >= MAX_ATTEMPTS) throw error;
      await jitteredBackoff(attempt, 10, 200);
    }
  }
}

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

function toPayout(item: Record<string, unknown>): Payout {
  return withoutKeys<Payout>(item);
}

/** A page of the payouts list (the admin Payouts screen): newest first, filtered by status and kind. */
export interface PayoutFilter {
  status?: PayoutStatus;
  kind?: PayoutKind;
}

const PAYOUT_SORT = /^\d{4}-\d\d-\d\dT[\d:.]+Z#[0-9a-f-]{36}$/;

/**
 * Newest first, at most `limit` payouts matching `filter`, after `cursor`
 * (the opaque value a previous page returned): one query of the PAYOUTS
 * index, never a scan. The filter is applied by DynamoDB page by page, so a
 * page is read until it holds `limit` matches or the index ends.
 */
export async function listPayoutsPage(
  filter: PayoutFilter,
  limit: number,
  cursor?: string,
): Promise<{ payouts: Payout[]; cursor?: string }> {
  const before = cursor === undefined ? undefined : Buffer.from(cursor, 'base64url').toString('utf8');
  if (before !== undefined && !PAYOUT_SORT.test(before)) throw refuseInvalid(messages.refusals.invalidCursor);
  const names = { ...(filter.status ? { '#status': 'status' } : {}), ...(filter.kind ? { '#kind': 'kind' } : {}) };
  const conditions = Object.keys(names).map((name) => `${name} = :${name.slice(1)}`);
  const items: Array<Record<string, unknown>> = [];
  let more = false;
  for await (const page of queryPages(
    {
      IndexName: 'gsi1',
      KeyConditionExpression: before ? 'gsi1pk = :pk AND gsi1sk < :before' : 'gsi1pk = :pk',
      ...(conditions.length > 0 ? { FilterExpression: conditions.join(' AND ') } : {}),
      ...(conditions.length > 0 ? { ExpressionAttributeNames: names } : {}),
      ExpressionAttributeValues: {
        ':pk': keys.payoutsIndex,
        ...(before ? { ':before': before } : {}),
        ...(filter.status ? { ':status': filter.status } : {}),
        ...(filter.kind ? { ':kind': filter.kind } : {}),
      },
      ScanIndexForward: false,
    },
    () => limit + 1,
  )) {
    items.push(...page);
    if (items.length > limit) {
      more = true;
      break;
    }
  }
  const payouts = items.slice(0, limit).map(toPayout);
  const last = payouts.at(-1);
  return {
    payouts,
    ...(more && last ? { cursor: Buffer.from(`${last.createdAt}#${last.id}`, 'utf8').toString('base64url') } : {}),
  };
}
