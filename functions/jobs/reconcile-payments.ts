import { logger } from '../lib/logger';
import { recordMetric } from '../lib/metrics';
import { confirmPayment, type ConfirmOutcome } from '../play/confirm-payment';
import { sendTicketSms } from '../play/ticket-sms';
import { getEntry, pendingEntriesBefore, unsentSmsBefore } from '../store/entries';

/** Callbacks may never come (DESIGN section 8): anything pending for over a minute is asked about. */
export const RECONCILE_AFTER_MS = 60_000;

/**
 * Every minute (issue 5 item 5): re-query every payment pending for over a
 * minute — settle the paid, fail the failed, expire those pending past 15
 * minutes — and store the ticket SMS a crash left unowed (the SMS job
 * retries the SMS themselves: functions/sms/deliver-sms.ts). A payment the
 * provider already confirmed (its callback's settlement was deferred by a
 * busy draw window) is settled without asking again, and never expires.
 */
export async function reconcilePayments(now: Date): Promise<Record<string, unknown>> {
  const cutoff = new Date(now.getTime() - RECONCILE_AFTER_MS);
  const outcomes: Record<string, number> = {};
  const backlog = await pendingEntriesBefore(cutoff);
  // every run, zero too (shared/metrics.ts): how many payments had to be asked about
  recordMetric('reconciliationBacklog', backlog.length, {});
  for (const entryId of backlog) {
    const outcome = await reconcileEntry(entryId, now);
    outcomes[outcome] = (outcomes[outcome] ?? 0) + 1;
  }
  let smsResent = 0;
  for (const entryId of await unsentSmsBefore(cutoff)) {
    const entry = await getEntry(entryId);
    if (entry?.status === 'paid' && !entry.smsId && (await sendTicketSms(entry, now))) smsResent += 1;
  }
  return { ...outcomes, smsResent };
}

/** One pending payment asked about; a failure is logged with its stack and the entry's correlation id, and counted. */
export async function reconcileEntry(entryId: string, now: Date): Promise<ConfirmOutcome | 'error'> {
  try {
    return await confirmPayment(entryId, now, { expire: true });
  } catch (error) {
    logger.error('reconciliation of an entry failed', { entryId, correlationId: entryId, error });
    return 'error';
  }
}
