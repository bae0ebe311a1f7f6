import { finishQueuedClear } from './clear-entries';
import { logger } from '../../platform/logger';
import { listQueuedClears } from './store/clear-queue';
import { oneBudget, tally, type BatchOptions } from '../../platform/bounded-batch';

/** Queued clears one run looks at, oldest first (each is one promotion's cleared window). */
const CLEARS_PER_RUN = 20;
/** Tickets one run refunds or tells, over all clears (8 at once; the run's budget may stop it sooner). */
const CLEAR_TICKETS_PER_RUN = 200;
/**
 * No refund ticket starts in the last 25 s of a run's budget (45 s: so none after 20 s into the run): one
 * is at worst a payout check (up to three provider calls) and the transfer, 8 s each, so one started by
 * then has sent its transfer before the jobs Lambda's 60 s end. (A check cut short commits nothing and is
 * tried again; a transfer cut short would be a refund never sent.)
 */
const REFUND_LEAD_MS = 25_000;

export interface FinishClearsOptions extends BatchOptions {
  ticketsPerRun?: number;
}

/**
 * Every minute (shared/schedules.ts): refund and tell the players of cleared draws (DESIGN section 4
 * "Clear draw"). The admin's Clear Draw only closes the window and queues it; here the queued clears'
 * tickets go a bounded number per run, a few at a time, within the run's one budget (./bounded-batch.ts),
 * so a clear of thousands of tickets, or a provider outage, spreads over runs instead of overrunning one.
 * `clears`: how many ended `done` or `unfinished` (left for the next run) or in `error`; `tickets`: how
 * many this run started on.
 */
export async function finishClears(now: Date, options: FinishClearsOptions = {}): Promise<Record<string, unknown>> {
  const budget = oneBudget(options);
  const clock = budget.clock ?? Date.now;
  const refundsUntil = budget.deadline! - REFUND_LEAD_MS;
  const perRun = options.ticketsPerRun ?? CLEAR_TICKETS_PER_RUN;
  let allowance = perRun;
  const queued = await listQueuedClears(CLEARS_PER_RUN);
  const outcomes: string[] = [];
  for (const clear of queued) {
    if (allowance <= 0 || clock() >= budget.deadline!) break;
    try {
      const deadline = clear.mode === 'refund' ? refundsUntil : budget.deadline!;
      const run = await finishQueuedClear(clear, now, { ...budget, deadline, maxTickets: allowance });
      allowance -= run.tickets;
      outcomes.push(run.outcome);
    } catch (error) {
      logger.error('queued clear failed; the next run tries again', {
        clear: `${clear.assignmentId}-w${clear.windowNo}`,
        error,
      });
      outcomes.push('error');
    }
  }
  return {
    clears: tally(outcomes),
    tickets: perRun - allowance,
    notReached: queued.length - outcomes.length,
  };
}
