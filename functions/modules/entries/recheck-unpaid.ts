import { logger } from '../../platform/logger';
import { confirmPayment, type ConfirmOutcome } from './confirm-payment';
import { getEntry } from './store/entries';
import { dueRechecks, nextRecheck, RECHECK_WINDOW_MS } from './store/unpaid-recheck';
import { oneBudget, runBounded, tally, type BatchOptions } from '../../platform/bounded-batch';

/** Failed entries one run asks about at most (the run's budget may stop it sooner; the rest stay due). */
const RECHECKS_PER_RUN = 200;

type RecheckOutcome = ConfirmOutcome | 'aged-out' | 'gone' | 'error';

/**
 * Every 5 minutes (shared/schedules.ts): ask the provider again about every
 * entry of the last 48 hours that failed, once it is due (DESIGN section 4:
 * reconciliation sweeps what the product cannot see). A SUCCESSFUL becomes a
 * ticket or a refund (../play/late-payment.ts) even when no callback ever
 * comes; anything else is due again later, at growing intervals, until the
 * 48 hours are over. Pending entries are reconcile-payments' (every minute).
 * Bounded per run, in bounded parallel within its budget (./bounded-batch.ts).
 */
export async function recheckUnpaid(now: Date, options: BatchOptions = {}): Promise<Record<string, unknown>> {
  const batch = oneBudget(options);
  const due = await dueRechecks(now, RECHECKS_PER_RUN);
  const { results, notStarted } = await runBounded(due, (entryId) => recheckOne(entryId, now), batch);
  return { ...tally(results), notReached: notStarted };
}

async function recheckOne(entryId: string, now: Date): Promise<RecheckOutcome> {
  try {
    const entry = await getEntry(entryId);
    if (entry?.status !== 'failed') return 'gone';
    if (now.getTime() - Date.parse(entry.createdAt) > RECHECK_WINDOW_MS) {
      await nextRecheck(entryId, now, undefined);
      return 'aged-out';
    }
    const outcome = await confirmPayment(entryId, now, { entry });
    // still failed as far as anyone can tell: asked again later (a late success left the index with its outcome)
    if (outcome === 'unchanged' || outcome === 'unreachable')
      await nextRecheck(entryId, now, (entry.rechecks ?? 0) + 1);
    return outcome;
  } catch (error) {
    logger.error('recheck of a failed entry failed', { entryId, correlationId: entryId, error });
    return 'error';
  }
}
