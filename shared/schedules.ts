/**
 * Scheduled jobs (DESIGN section 2): one list read by the CDK stack
 * (EventBridge Scheduler → jobs Lambda with `{job}`) and the local scheduler.
 * Expressions use EventBridge Scheduler syntax; only `rate(N minute|minutes|hour|hours)`
 * is used so that both sides interpret them the same way. Jobs are idempotent
 * per run: a job that must happen at a wall-clock time (house draws) checks
 * its own due time on each tick, which also catches up a missed run once.
 */
export const JOB_NAMES = [
  'sweep-connections',
  'reconcile-payments',
  'recheck-unpaid',
  'reconcile-payouts',
  'house-draws',
  'finish-clears',
  'notify-stuck-payments',
  'retry-sms',
  'result-sms',
  'seal-daily-reports',
  'expire-held-prizes',
] as const;
export type JobName = (typeof JOB_NAMES)[number];

export interface ScheduleSpec {
  readonly job: JobName;
  readonly expression: string;
  readonly description: string;
}

export const schedules: readonly ScheduleSpec[] = [
  {
    job: 'sweep-connections',
    expression: 'rate(15 minutes)',
    description: 'Delete WebSocket connections older than API Gateway allows (2 h) and their subscriptions',
  },
  {
    job: 'reconcile-payments',
    expression: 'rate(1 minute)',
    description:
      'Re-query payments pending over a minute, expire those past 15 minutes, store ticket SMS a crash left unowed',
  },
  {
    job: 'recheck-unpaid',
    expression: 'rate(5 minutes)',
    description:
      'Ask the provider again about entries of the last 48 hours that failed, at growing intervals: a late success becomes a ticket or a refund',
  },
  {
    job: 'reconcile-payouts',
    expression: 'rate(1 minute)',
    description:
      'Start and retry prize payouts; re-query payouts in flight over a minute (a failed one restores its hold)',
  },
  {
    job: 'house-draws',
    expression: 'rate(1 minute)',
    description:
      'Draw the daily game and the jackpot once their draw time has come (once per draw day, also after downtime)',
  },
  {
    job: 'finish-clears',
    expression: 'rate(1 minute)',
    description:
      'Refund and tell by SMS the players of cleared draws, a few at a time (the Clear Draw request only closes and queues)',
  },
  {
    job: 'notify-stuck-payments',
    expression: 'rate(1 minute)',
    description: 'Notify admins once of each payment still pending five minutes after it started',
  },
  {
    job: 'retry-sms',
    expression: 'rate(1 minute)',
    description:
      'Send again the ticket and winner SMS the gateway failed with a transient error, once due (backoff with jitter)',
  },
  {
    job: 'result-sms',
    expression: 'rate(1 minute)',
    description:
      "Send each daily and jackpot draw's result by SMS to the numbers opted in, once per draw and number (after the draw, never in it)",
  },
  {
    job: 'seal-daily-reports',
    expression: 'rate(15 minutes)',
    description:
      "Seal each ended GMT day's regulator report, its hash chained to the previous day's (once per day, also after downtime)",
  },
  {
    job: 'expire-held-prizes',
    expression: 'rate(1 hour)',
    description:
      'Move each held prize past its claim deadline to the unclaimed-prizes balance, with its ledger line (issue 36 part 4)',
  },
];

/** `rate(5 minutes)` → 300000; throws on anything else. */
export function rateToMillis(expression: string): number {
  const match = /^rate\((\d+) (minute|minutes|hour|hours)\)$/.exec(expression);
  if (!match) throw new Error(`unsupported schedule expression: ${expression}`);
  const n = Number(match[1]);
  return n * (match[2]!.startsWith('hour') ? 3_600_000 : 60_000);
}
