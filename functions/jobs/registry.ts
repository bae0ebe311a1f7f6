import type { JobName } from '@shared/schedules';
import { sealDailyReports } from '../reports/seal-days';
import { retryDueSms } from '../sms/deliver-sms';
import { finishClears } from './finish-clears';
import { houseDraws } from './house-draws';
import { notifyStuckPayments } from './notify-stuck-payments';
import { reconcilePayouts } from './payouts';
import { reconcilePayments } from './reconcile-payments';
import { recheckUnpaid } from './recheck-unpaid';
import { sweepConnections } from './sweep-connections';

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
