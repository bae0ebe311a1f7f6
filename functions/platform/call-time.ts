import { AsyncLocalStorage } from 'node:async_hooks';
import type { Context } from 'aws-lambda';
import { FINISH_MARGIN_MS, type TimeBudget } from '@shared/time-budgets';

/** When the current invocation's provider time ends (epoch ms); none outside a budget. */
const deadlines = new AsyncLocalStorage<number>();

/**
 * Run `work` with at most `ms` of provider time: every provider or SMS call
 * inside it is cut short at the deadline (DESIGN section 8, "Time budgets";
 * each function's time is named in shared/time-budgets.ts). Nested budgets:
 * the earlier deadline wins.
 */
export function withProviderTime<T>(ms: number, work: () => Promise<T>): Promise<T> {
  const outer = deadlines.getStore();
  return deadlines.run(Math.min(Date.now() + ms, outer ?? Infinity), work);
}

/**
 * Run one invocation of a function within its budget (shared/time-budgets.ts):
 * a function that may call no provider sends nothing; the others' calls end
 * FINISH_MARGIN_MS before the Lambda's own end (its context's remaining
 * time), however long the work before them took.
 */
export function withInvocationTime<T>(
  budget: TimeBudget,
  context: Context | undefined,
  work: () => Promise<T>,
): Promise<T> {
  if (!budget.callsProviders) return withProviderTime(0, work);
  const remaining = context?.getRemainingTimeInMillis?.();
  return remaining === undefined ? work() : withProviderTime(Math.max(0, remaining - FINISH_MARGIN_MS), work);
}

/** A call's timeout: its own cap, cut to the time the invocation has left (0 when none is left). */
export function callTimeoutMs(capMs: number): number {
  const deadline = deadlines.getStore();
  return deadline === undefined ? capMs : Math.max(0, Math.min(capMs, deadline - Date.now()));
}
