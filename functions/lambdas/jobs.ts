import type { Context } from 'aws-lambda';
import { JOB_NAMES, type JobName } from '@shared/schedules';
import { TIME_BUDGETS } from '@shared/time-budgets';
import { withInvocationTime } from '../platform/call-time';
import { clock } from '../platform/clock';
import { logger } from '../platform/logger';
import { jobs } from './jobs-registry';

/** EventBridge Scheduler (or the local scheduler) invokes this with `{job}`. */
export async function handler(event: { job?: string }, context?: Context): Promise<Record<string, unknown>> {
  if (context) logger.addContext(context);
  const name = event.job as JobName;
  if (!JOB_NAMES.includes(name)) throw new Error(`unknown job: ${String(event.job)}`);
  const started = Date.now();
  // a run's provider calls end before the function does: what it has not reached by then, the next run does (shared/time-budgets.ts)
  const result = await withInvocationTime(TIME_BUDGETS.jobs, context, () => jobs[name](clock.now()));
  logger.info('job finished', { job: name, ms: Date.now() - started, ...result });
  return result;
}
