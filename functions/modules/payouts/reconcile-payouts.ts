import { recordMetric } from '../../platform/metrics';
import { confirmPayout, type ConfirmPayoutOutcome } from './confirm-payout';
import { startDuePrizePayouts } from './prize-payouts';
import { pendingPayoutsBefore } from './store/payouts';
import { oneBudget, reconcileBatch, type BatchOptions } from '../../platform/bounded-batch';

/** Transfer callbacks may never come (DESIGN section 8): anything in flight for over a minute is asked about. */
export const RECONCILE_PAYOUTS_AFTER_MS = 60_000;

/** Outcomes after which the transfer is still in flight: it is asked about again next run. */
const STILL_OPEN: ReadonlySet<string> = new Set<ConfirmPayoutOutcome>(['pending', 'unreachable']);

/** What the job works on; the defaults are the store and the provider adapters (a test may stand in for the provider). */
export interface ReconcilePayoutsPorts {
  startDuePrizes(now: Date): Promise<unknown>;
  pendingBefore(cutoff: Date): Promise<string[]>;
  confirm(payoutId: string, now: Date): Promise<ConfirmPayoutOutcome>;
}

const storePorts: ReconcilePayoutsPorts = {
  startDuePrizes: (now) => startDuePrizePayouts(now),
  pendingBefore: (cutoff) => pendingPayoutsBefore(cutoff),
  confirm: (payoutId, now) => confirmPayout(payoutId, now),
};

/**
 * Every minute: start the prize payouts of new winners and retry
 * failed ones that are due, then re-query every payout in flight for over a
 * minute — mark the paid, fail the failed (a held balance comes back).
 * Status queries go in bounded parallel within the run's budget
 * (./bounded-batch.ts); `backlog` is how many transfers are still in flight
 * after the run (not reached, or still pending/unreachable at the provider).
 */
export async function reconcilePayouts(
  now: Date,
  ports: ReconcilePayoutsPorts = storePorts,
  options: BatchOptions = {},
): Promise<Record<string, unknown>> {
  const batch = oneBudget(options);
  const prizes = await ports.startDuePrizes(now);
  const due = await ports.pendingBefore(new Date(now.getTime() - RECONCILE_PAYOUTS_AFTER_MS));
  const { outcomes, notReached, backlog } = await reconcileBatch(
    due,
    (payoutId) => ports.confirm(payoutId, now),
    'a payout',
    STILL_OPEN,
    batch,
  );
  // every run, zero too: no data then means the job is not running (the alarm treats that as breaching)
  recordMetric('payoutsStuck', backlog, {});
  return { prizes, inFlight: outcomes, notReached, backlog };
}
