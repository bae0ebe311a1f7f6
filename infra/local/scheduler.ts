import { rateToMillis, schedules } from '@shared/schedules';
import { lambdaContext, loadHandler } from './lambda-registry';

/**
 * EventBridge Scheduler on the local stack: fires the jobs handler with
 * `{job}` on the same schedules as CDK (shared/schedules.ts). A run still
 * going when the next is due is not overlapped.
 */
export class LocalScheduler {
  private readonly timers: NodeJS.Timeout[] = [];
  private readonly running = new Set<string>();

  start(): void {
    for (const schedule of schedules) {
      const every = rateToMillis(schedule.expression);
      this.timers.push(setInterval(() => void this.run(schedule.job), every));
    }
  }

  async run(job: string): Promise<unknown> {
    if (this.running.has(job)) return undefined;
    this.running.add(job);
    try {
      const handler = await loadHandler('jobs');
      return await handler({ job } as never, lambdaContext('jobs'));
    } catch (error) {
      console.error(`[scheduler] job ${job} failed`, error);
      return undefined;
    } finally {
      this.running.delete(job);
    }
  }

  stop(): void {
    for (const timer of this.timers) clearInterval(timer);
  }
}
