import type { GameKind } from '@shared/games';
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Currency } from '@shared/money';
import { db, isConditionFailure, isTransactionConflict, tableName } from '../../../platform/dynamo';
import { lrdValueOf } from '../money-split';
import { logger } from '../../../platform/logger';
import { keys, withoutKeys } from '../../../platform/store/keys';
import { releaseSpend } from '../../players';
import { recheckIndex } from './unpaid-recheck';
import { batchWriteAll } from '../../../platform/store/batch-write';
import { pendingMark, unmarkPending } from './pending-marks';

/**
 * An entry (DESIGN section 4): created *pending* when payment is requested;
 * *paid* only when the provider confirms (settlement.ts), with its ticket
 * number and sequence number in its assignment's draw window; *failed* when
 * the payment is declined or expires. Its id is the payment's X-Reference-Id.
 * Lists and index reads: ./entry-reads.ts.
 */

export interface Entry {
  id: string;
  assignmentId: string;
  promotionId: string;
  /** The promotion's title when entered: what its balances and ticket SMS name (spares settlement a read). */
  promotionTitle?: string;
  partnerId: string;
  game: GameKind;
  msisdn: string;
  currency: Currency;
  amountCents: number;
  /** LRD per USD × 1000 at the time of entry; the split uses it (stored on ledger lines). */
  rateMilli: number;
  channel: 'web' | 'ussd';
  status: 'pending' | 'paid' | 'failed';
  /**
   * When the provider confirmed the payment: the entry is still pending,
   * handed to settlement by this write's stream record, and can no longer
   * fail (the money was taken; only settlement moves it on).
   */
  confirmedAt?: string;
  reason?: string;
  /** SHA-256 of the secret in this payment's callback URL. */
  callbackSecretHash: string;
  /**
   * The secret itself, kept only until the payment prompt goes out (the
   * prompt, sent beside the request, builds the callback URL with it);
   * claiming the prompt removes it, leaving the hash (DESIGN section 7).
   */
  callbackSecret?: string;
  /** When the payment prompt was claimed to be sent: at most once per entry, however often its stream record comes. */
  promptSentAt?: string;
  /**
   * The prompt sent again under the same reference, because the provider did not know it (./prompt-resends.ts):
   * how often and when last; each resend's callback secret, by its hash (a callback may come for any of them).
   */
  promptResends?: number;
  promptResentAt?: string;
  resendSecretHashes?: string[];
  createdAt: string;
  paidAt?: string;
  failedAt?: string;
  ticketNumber?: string;
  windowNo?: number;
  seq?: number;
  /** Its ticket SMS's record (functions/modules/messages/store/sms-records.ts), once that exists. */
  smsId?: string;
  /** Its window was cleared and it was carried into the next one (DESIGN section 4 "Clear draw"). */
  carriedAt?: string;
  /**
   * The provider reported the payment SUCCESSFUL after the entry had failed
   * (functions/modules/entries/late-payment.ts): revived into a ticket, or refunded.
   * `lateReason`: why it had failed.
   */
  lateSuccessAt?: string;
  lateReason?: string;
  /** Checks made since it failed (./unpaid-recheck.ts). */
  rechecks?: number;
  /** Its window was cleared (or, paid late, its draw had closed) and its stake refunded, by this payout. */
  refundedAt?: string;
  refundPayoutId?: string;
}

/**
 * Store a new pending entry (its stake was added to its number's day first:
 * functions/modules/players/store/players.ts addEntryToDay), with the mark
 * of its open payment that reconciliation reads (./pending-marks.ts): both
 * in one batch write, unconditional (its id is a new random UUID).
 */
export async function putPendingEntry(entry: Entry): Promise<void> {
  await batchWriteAll([{ put: { ...keys.entry(entry.id), entity: 'entry', ...entry } }, { put: pendingMark(entry) }]);
}

/**
 * Whether an entry as stored (a stream image) is owed its payment prompt:
 * pending, neither confirmed nor claimed — the condition `claimPaymentPrompt`
 * writes under, read without a write (the prompts consumer paces only these).
 */
export function promptOwed(item: Record<string, unknown> | undefined): boolean {
  return item?.status === 'pending' && item.confirmedAt === undefined && item.promptSentAt === undefined;
}

/**
 * Claim the sending of an entry's payment prompt, once (DESIGN section 8:
 * the prompt leaves the request path): only a pending, unconfirmed entry
 * whose prompt nobody has claimed. Takes the callback secret off the entry
 * in the same write. Returns the entry as it was (secret included), or
 * undefined when the prompt was claimed already or the entry moved on — a
 * replayed or doubled stream record then sends nothing.
 */
export async function claimPaymentPrompt(id: string, now: Date): Promise<Entry | undefined> {
  try {
    const result = await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.entry(id),
        UpdateExpression: 'SET promptSentAt = :at REMOVE callbackSecret',
        ConditionExpression:
          '#status = :pending AND attribute_not_exists(confirmedAt) AND attribute_not_exists(promptSentAt)',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':at': now.toISOString(), ':pending': 'pending' },
        ReturnValues: 'ALL_OLD',
      }),
    );
    return result.Attributes ? toEntry(result.Attributes) : undefined;
  } catch (error) {
    // anything else (a conflicting transaction, the database away) fails the stream record, which comes again
    if (isConditionFailure(error)) return undefined;
    throw error;
  }
}

export async function getEntry(id: string): Promise<Entry | undefined> {
  const result = await db().send(new GetCommand({ TableName: tableName(), Key: keys.entry(id), ConsistentRead: true }));
  return result.Item ? toEntry(result.Item) : undefined;
}

/**
 * Pending → failed, once; a paid or confirmed entry is never failed. Returns
 * false if it could not fail. Its stake then stops counting against its
 * number's day (DESIGN section 7: pending and paid stakes count), and the
 * mark of its open payment goes; should either write be lost, the day
 * counts too much, never too little, and the mark is read as no longer open.
 */
export async function failEntry(id: string, reason: string, now: Date): Promise<boolean> {
  try {
    const failed = await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.entry(id),
        // into the recheck index (its open payment's mark goes next): a debit failed too early is still found
        // (./unpaid-recheck.ts)
        UpdateExpression:
          'SET #status = :failed, reason = :reason, failedAt = :at, gsi1pk = :recheckIndex, gsi1sk = :recheckSort',
        // only an unconfirmed pending payment can fail: a paid entry keeps its ticket, a confirmed one gets it
        ConditionExpression: '#status = :pending AND attribute_not_exists(confirmedAt)',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: {
          ':failed': 'failed',
          ':pending': 'pending',
          ':reason': reason,
          ':at': now.toISOString(),
          ...recheckIndex(id, now, 0),
        },
        ReturnValues: 'ALL_NEW',
      }),
    );
    const entry = toEntry(failed.Attributes!);
    await Promise.all([
      // a mark left behind is found no longer pending, and reconciliation deletes it
      unmarkPending([entry]).catch((error: unknown) =>
        logger.warn('failed entry still marked open', { entryId: id, correlationId: id, error }),
      ),
      releaseSpend(entry.msisdn, entry.createdAt, lrdValueOf(entry.amountCents, entry.currency, entry.rateMilli)).catch(
        (error: unknown) =>
          logger.warn('failed entry still counts against its day', { entryId: id, correlationId: id, error }),
      ),
    ]);
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

/**
 * Pending → confirmed by the provider, once: this write's stream record
 * hands the entry to settlement (../settlement-stream.ts), and it
 * stays in the pending-payments index until it is paid, so reconciliation
 * still finds it should the stream never settle it. Returns the confirmed
 * entry, or undefined when it was no longer an unconfirmed pending entry.
 */
export async function confirmEntry(entry: Entry, now: Date): Promise<Entry | undefined> {
  const confirmedAt = now.toISOString();
  try {
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.entry(entry.id),
        UpdateExpression: 'SET confirmedAt = :at',
        // only a pending entry is confirmed, and only once
        ConditionExpression: '#status = :pending AND attribute_not_exists(confirmedAt)',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: {
          ':at': confirmedAt,
          ':pending': 'pending',
        },
      }),
    );
    return { ...entry, confirmedAt };
  } catch (error) {
    // not pending or confirmed already; or (in AWS) being settled by a transaction this instant: the caller reads it again
    if (isConditionFailure(error) || isTransactionConflict(error)) return undefined;
    throw error;
  }
}

export function toEntry(item: Record<string, unknown>): Entry {
  return withoutKeys<Entry>(item);
}
