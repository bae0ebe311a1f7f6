import { logger } from './logger';

/**
 * How a scheduled job works through a list of provider calls (DESIGN section
 * 8: provider calls time out after 8 s; the jobs Lambda has 60 s): a fixed
 * number at a time, and no new one started once the run's budget is spent,
 * so a provider outage costs each run at most the budget rather than the
 * Lambda timeout, and what is left waits for the next run (every minute).
 */

/** Provider calls in flight at once per job run. */
export const JOB_CONCURRENCY = 8;

/**
 * Time after a run starts past which no new item is started: the Lambda's
 * 60 s timeout less one 8 s provider call already under way and room for the
 * job's other steps.
 */
const JOB_BUDGET_MS = 45_000;

export interface BatchOptions {
  readonly concurrency?: number;
  readonly budgetMs?: number;
  /** The clock the budget is measured on (milliseconds). */
  readonly clock?: () => number;
  /** An absolute end (on `clock`) instead of `budgetMs` from now: steps of one run share one budget. */
  readonly deadline?: number;
}

/** The options with the budget fixed to an absolute deadline from now, for a run of several batches. */
export function oneBudget(options: BatchOptions = {}): BatchOptions {
  return {
    ...options,
    deadline: options.deadline ?? (options.clock ?? Date.now)() + (options.budgetMs ?? JOB_BUDGET_MS),
  };
}

export interface BatchResult<R> {
  /** Outcome of each item started, in list order (undefined for those not started). */
  readonly results: Array<R | undefined>;
  /** Items the budget left for the next run. */
  readonly notStarted: number;
}

/**
 * Runs `work` over `items`, at most `concurrency` at once, starting none once
 * `budgetMs` has passed. `work` must not throw (each job catches and counts
 * its own failures, so one bad item never stops the others).
 */
export async function runBounded<T, R>(
  items: readonly T[],
  work: (item: T) => Promise<R>,
  options: BatchOptions = {},
): Promise<BatchResult<R>> {
  const concurrency = Math.max(1, options.concurrency ?? JOB_CONCURRENCY);
  const clock = options.clock ?? Date.now;
  const deadline = options.deadline ?? clock() + (options.budgetMs ?? JOB_BUDGET_MS);
  const results: Array<R | undefined> = new Array(items.length).fill(undefined);
  let next = 0;
  let started = 0;
  const worker = async () => {
    while (next < items.length && clock() < deadline) {
      const index = next++;
      started += 1;
      results[index] = await work(items[index]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, worker));
  return { results, notStarted: items.length - started };
}

export interface ReconciledBatch {
  /** How many items ended in each outcome (`error` when reconciling one threw). */
  readonly outcomes: Record<string, number>;
  /** Items the budget left for the next run. */
  readonly notReached: number;
  /** Items still open after the run: not reached, or ended in one of `stillOpen`. */
  readonly backlog: number;
}

/**
 * A job's reconciliation step: `confirm` each id in bounded parallel; one
 * that throws is logged (`what` names it) and counted as `error`, never
 * stopping the others.
 */
export async function reconcileBatch(
  ids: readonly string[],
  confirm: (id: string) => Promise<string>,
  what: string,
  stillOpen: ReadonlySet<string>,
  options: BatchOptions,
): Promise<ReconciledBatch> {
  const { results, notStarted } = await runBounded(
    ids,
    async (id) => {
      try {
        return await confirm(id);
      } catch (error) {
        logger.error(`reconciliation of ${what} failed`, { id, correlationId: id, error });
        return 'error';
      }
    },
    options,
  );
  const stillOpenCount = results.filter(
    (outcome) => outcome !== undefined && (outcome === 'error' || stillOpen.has(outcome)),
  ).length;
  return { outcomes: tally(results), notReached: notStarted, backlog: notStarted + stillOpenCount };
}

/** Counts of each outcome (e.g. `{settled: 3, pending: 1}`), for the job's result and log line. */
export function tally(outcomes: ReadonlyArray<string | undefined>): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const outcome of outcomes) if (outcome !== undefined) counts[outcome] = (counts[outcome] ?? 0) + 1;
  return counts;
}
