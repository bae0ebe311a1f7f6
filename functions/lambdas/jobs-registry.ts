import type { JobName } from '@shared/schedules';
import { sealDailyReports } from '../modules/reports/seal-days';
import { retryDueSms } from '../modules/messages/deliver-sms';
import { finishClears } from '../modules/draws/finish-clears';
import { houseDraws } from '../modules/draws/house-draws';
import { notifyStuckPayments } from '../modules/notifications/notify-stuck-payments';
import { reconcilePayouts } from '../modules/payouts/reconcile-payouts';
import { reconcilePayments } from '../modules/entries/reconcile-payments';
import { recheckUnpaid } from '../modules/entries/recheck-unpaid';
import { sweepConnections } from '../modules/live/sweep-connections';

/** What each scheduled job (shared/schedules.ts) runs. Jobs are idempotent per run. */
export const jobs: Record<JobName, (now: Date) => Promise<Record<string, unknown>>> = {
  'sweep-connections': sweepConnections,
  'reconcile-payments': reconcilePayments,
  'recheck-unpaid': (now) => recheckUnpaid(now),
  'reconcile-payouts': reconcilePayouts,
  'house-draws': (now) => houseDraws(now),
  'finish-clears': (now) => finishClears(now),
  'notify-stuck-payments': notifyStuckPayments,
  'retry-sms': retryDueSms,
  'seal-daily-reports': sealDailyReports,
};
