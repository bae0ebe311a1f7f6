import { messages } from '@shared/messages';
import { refundLine, stakeLine } from '../ledger';
import { lrdValueOf, stakeText } from './money-split';
import { ProviderUnavailableError } from '../../integrations/mobile-money';
import { providerFor } from '../../integrations/providers';
import { oneSms } from '../../integrations/sms/gsm7';
import { newCallbackSecret } from '../../platform/callback-secret';
import { logger } from '../../platform/logger';
import { metricProviderOf, recordMetric } from '../../platform/metrics';
import { contended, retryOnConflict } from '../../platform/retry';
import { refundPayoutId, sendTransfer } from '../payouts';
import { deliverSms, smsIdOf } from '../messages';
import { getAssignment } from '../catalog';
import { getEntry, type Entry } from './store/entries';
import { auditWrite, type Actor } from '../audit';
import type { TransactItem } from '../../platform/dynamo';
import { commitLateRefund, reviveLateEntry } from './store/late-payments';
import type { Payout } from '../payouts';
import { smsTitleOf } from './ticket-sms';

/**
 * What became of a failed entry asked about again: `revived` (SUCCESSFUL
 * after all, its draw open: now confirmed, settlement makes it a ticket),
 * `refunded` (SUCCESSFUL, its draw closed), `unchanged` (not paid, or dealt
 * with before), `unreachable` (the provider could not say).
 */
export type LateOutcome = { outcome: 'revived'; entry: Entry } | { outcome: 'refunded' | 'unchanged' | 'unreachable' };

const MAX_ATTEMPTS = 10;

/**
 * A success that arrives after the entry failed or expired is never lost
 * (DESIGN section 4, "Every debit ends in exactly one outcome"): it becomes a
 * ticket if its draw is still open (its assignment active), else its stake
 * goes back by a `refund` payout, and the player is told by SMS either way
 * (the ticket SMS, or the refund's). Each is counted (`latePayments`, with
 * its alarm). Callbacks and reconciliation both come here; once per entry.
 */
export async function resolveFailedEntry(entry: Entry, now: Date): Promise<LateOutcome> {
  if (entry.status !== 'failed' || entry.lateSuccessAt) return { outcome: 'unchanged' };
  let status;
  try {
    status = await (await providerFor(entry.msisdn)).paymentStatus(entry.id);
  } catch (error) {
    if (error instanceof ProviderUnavailableError) return { outcome: 'unreachable' };
    throw error;
  }
  if (status.status !== 'SUCCESSFUL') return { outcome: 'unchanged' };
  const assignment = await getAssignment(entry.assignmentId);
  if (assignment?.status === 'active') {
    const revived = await reviveLateEntry(entry, now);
    if (!revived) return { outcome: 'unchanged' };
    noticeLatePayment(entry, 'ticket');
    return { outcome: 'revived', entry: revived };
  }
  return (await refundLatePayment(entry, now)) ? { outcome: 'refunded' } : { outcome: 'unchanged' };
}

function noticeLatePayment(entry: Entry, became: 'ticket' | 'refund'): void {
  logger.error('payment succeeded after its entry had failed', {
    entryId: entry.id,
    correlationId: entry.id,
    reason: entry.reason,
    became,
  });
  recordMetric('latePayments', 1, { provider: metricProviderOf(entry.msisdn) }, { correlationId: entry.id });
}

/** What the support desk's refund of a debit without a ticket came to. */
export type OrphanRefund = 'refunded' | 'unknown' | 'not-orphan' | 'resolved' | 'not-paid' | 'unreachable';

/**
 * The support desk refunds a debit that has no ticket (DESIGN section 4: the
 * provider says SUCCESSFUL, the product had failed the entry): asked again
 * first, then refunded as a late success whose draw has closed — entry,
 * payout, ledger lines and the desk's audit line in one transaction, so
 * however many desks press it at once the money goes back once.
 */
export async function refundOrphanDebit(entryId: string, actor: Actor, now: Date): Promise<OrphanRefund> {
  const entry = await getEntry(entryId);
  if (!entry) return 'unknown';
  if (entry.status !== 'failed') return 'not-orphan';
  if (entry.lateSuccessAt) return 'resolved';
  let status;
  try {
    status = await (await providerFor(entry.msisdn)).paymentStatus(entry.id);
  } catch (error) {
    if (error instanceof ProviderUnavailableError) return 'unreachable';
    throw error;
  }
  if (status.status !== 'SUCCESSFUL') return 'not-paid';
  const audit = auditWrite(
    {
      ...actor,
      action: 'support.refund',
      target: `entry:${entry.id}`,
      after: { payoutId: refundPayoutId(entry.id), amountCents: entry.amountCents, currency: entry.currency },
    },
    now,
  );
  return (await refundLatePayment(entry, now, { requestedBy: actor.actorId, audit })) ? 'refunded' : 'resolved';
}

/**
 * The refund: committed once (entry, payout, ledger lines, and a desk's audit line when a desk asked), then
 * sent, then the player told.
 */
async function refundLatePayment(
  entry: Entry,
  now: Date,
  by: { requestedBy: string; audit?: TransactItem } = { requestedBy: 'reconciliation' },
): Promise<boolean> {
  const { secret, hash } = newCallbackSecret();
  const title = await smsTitleOf(entry);
  const payout: Payout = {
    id: refundPayoutId(entry.id),
    kind: 'refund',
    entryId: entry.id,
    promotionId: entry.promotionId,
    promotionTitle: entry.promotionTitle ?? title,
    amountCents: entry.amountCents,
    currency: entry.currency,
    msisdn: entry.msisdn,
    status: 'pending',
    callbackSecretHash: hash,
    requestedBy: by.requestedBy,
    createdAt: now.toISOString(),
  };
  // the stake was taken (booked now) and goes back (booked with it): gross gaming revenue nets to zero
  const stake = stakeLine(entry, now.toISOString(), lrdValueOf(entry.amountCents, entry.currency, entry.rateMilli));
  const committed = await retryOnConflict(
    async () => {
      const outcome = await commitLateRefund(
        entry,
        payout,
        { stake, refund: refundLine(stake, now.toISOString()) },
        now,
        by.audit,
      );
      return outcome === 'busy' ? contended() : outcome === 'refunded';
    },
    {
      attempts: MAX_ATTEMPTS,
      baseMs: 5,
      capMs: 80,
      exhausted: () => new Error(`late refund of ${entry.id} kept conflicting`),
    },
  );
  // revived or refunded before
  if (!committed) return false;
  noticeLatePayment(entry, 'refund');
  try {
    await sendTransfer(payout, secret, now);
  } catch (error) {
    // committed: the payouts job settles it by status query (modules/payouts/send-transfer.ts), never sent twice
    logger.error('late refund transfer not sent; reconciliation settles it', {
      payoutId: payout.id,
      correlationId: entry.id,
      error,
    });
  }
  const text = oneSms((t) => messages.latePayment.refundedSms(t, stakeText(entry)), title);
  await deliverSms(
    { id: smsIdOf('late-refund', entry.id), purpose: 'late-refund', ref: entry.id, to: entry.msisdn, text },
    now,
  ).catch((error: unknown) =>
    logger.error('late refund SMS not stored', { entryId: entry.id, correlationId: entry.id, error }),
  );
  return true;
}
