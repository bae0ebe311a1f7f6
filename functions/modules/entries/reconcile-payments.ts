import { logger } from '../../platform/logger';
import { recordMetric } from '../../platform/metrics';
import { confirmPayment, type ConfirmOutcome } from './confirm-payment';
import { reconcileAfterMs } from './payment-times';
import { pendingEntriesBefore, unmarkPending } from './store/pending-marks';
import { getEntry } from './store/entries';
import { oneBudget, reconcileBatch, type BatchOptions } from '../../platform/bounded-batch';

/** Outcomes after which the payment is still open: it is asked about again next run. */
const STILL_OPEN: ReadonlySet<string> = new Set<ConfirmOutcome>(['pending', 'unreachable', 'resent']);

/** What the job works on; the defaults are the store and the provider adapters (a test may stand in for the provider). */
export interface ReconcilePaymentsPorts {
  pendingBefore(cutoff: Date): Promise<string[]>;
  confirm(entryId: string, now: Date): Promise<ConfirmOutcome | 'error'>;
}

const storePorts: ReconcilePaymentsPorts = {
  pendingBefore: (cutoff) => pendingEntriesBefore(cutoff),
  confirm: (entryId, now) => reconcileEntry(entryId, now),
};

/**
 * Every minute: re-query every payment pending for over a
 * minute — settle the paid, fail the failed, expire those pending past 15
 * minutes, send again a prompt the provider never got (./prompt-resend.ts). (A ticket's SMS is owed in the transaction
 * that makes the ticket, ./settle-batch.ts; the SMS job retries it: functions/modules/messages/deliver-sms.ts.) A payment the
 * provider already confirmed (its stream record never settled it: the
 * stream's settlement gave up on it) is settled without asking again, and
 * never expires.
 * Provider calls go in bounded parallel within the run's budget
 * (./bounded-batch.ts); `backlog` is how many payments are still open after
 * the run (not reached, or still pending/unreachable at the provider).
 */
export async function reconcilePayments(
  now: Date,
  ports: ReconcilePaymentsPorts = storePorts,
  options: BatchOptions = {},
): Promise<Record<string, unknown>> {
  const batch = oneBudget(options);
  // callbacks may never come (DESIGN section 8): anything pending for over a minute is asked about
  const cutoff = new Date(now.getTime() - reconcileAfterMs());
  const due = await ports.pendingBefore(cutoff);
  // every run, zero too (shared/metrics.ts): how many payments had to be asked about
  recordMetric('reconciliationBacklog', due.length, {});
  const { outcomes, notReached, backlog } = await reconcileBatch(
    due,
    (entryId) => ports.confirm(entryId, now),
    'an entry',
    STILL_OPEN,
    batch,
  );
  return { ...outcomes, notReached, backlog };
}

/** One pending payment asked about; a failure is logged with its stack and the entry's correlation id, and counted. */
export async function reconcileEntry(entryId: string, now: Date): Promise<ConfirmOutcome | 'error'> {
  try {
    const outcome = await confirmPayment(entryId, now, { expire: true, resend: true });
    // a mark that outlived its payment's outcome (its settler stopped before deleting it) goes now
    if (outcome === 'unchanged') await unmarkIfClosed(entryId);
    return outcome;
  } catch (error) {
    logger.error('reconciliation of an entry failed', { entryId, correlationId: entryId, error });
    return 'error';
  }
}

/** Delete the open-payment mark of an entry that is paid or failed. */
async function unmarkIfClosed(entryId: string): Promise<void> {
  const entry = await getEntry(entryId);
  if (entry && entry.status !== 'pending') await unmarkPending([entry]);
}
