import type { JobName } from '@shared/schedules';
import { sealDailyReports } from '../modules/reports';
import { retryDueSms } from '../modules/messages';
import { finishClears, houseDraws, sendResultSms } from '../modules/draws';
import { notifyStuckPayments } from '../modules/notifications';
import { expireHeldPrizes, reconcilePayouts } from '../modules/payouts';
import { reconcilePayments, recheckUnpaid } from '../modules/entries';
import { sweepConnections } from '../modules/live';

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
  'result-sms': (now) => sendResultSms(now),
  'seal-daily-reports': sealDailyReports,
  'expire-held-prizes': expireHeldPrizes,
};
