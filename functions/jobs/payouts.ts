import { logger } from '../lib/logger';
import { recordMetric } from '../lib/metrics';
import { confirmPayout } from '../payouts/confirm-payout';
import { startDuePrizePayouts } from '../payouts/prize-payouts';
import { pendingPayoutsBefore } from '../store/payouts';

/** Transfer callbacks may never come (DESIGN section 8): anything in flight for over a minute is asked about. */
export const RECONCILE_PAYOUTS_AFTER_MS = 60_000;

/**
 * Every minute (issue 7): start the prize payouts of new winners and retry
 * failed ones that are due, then re-query every payout in flight for over a
 * minute — mark the paid, fail the failed (a held balance comes back).
 */
export async function reconcilePayouts(now: Date): Promise<Record<string, unknown>> {
  const prizes = await startDuePrizePayouts(now);
  const outcomes: Record<string, number> = {};
  for (const payoutId of await pendingPayoutsBefore(new Date(now.getTime() - RECONCILE_PAYOUTS_AFTER_MS))) {
    try {
      const outcome = await confirmPayout(payoutId, now);
      outcomes[outcome] = (outcomes[outcome] ?? 0) + 1;
    } catch (error) {
      outcomes.error = (outcomes.error ?? 0) + 1;
      logger.error('reconciliation of a payout failed', { payoutId, correlationId: payoutId, error });
    }
  }
  // every run, zero too: no data then means the job is not running (the alarm treats that as breaching)
  recordMetric('payoutsStuck', (outcomes.pending ?? 0) + (outcomes.unreachable ?? 0), {});
  return { prizes, inFlight: outcomes };
}
