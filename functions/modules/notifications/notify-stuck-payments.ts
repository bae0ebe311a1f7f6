import { logger } from '../../platform/logger';
import { recordMetric } from '../../platform/metrics';
import { STUCK_PAYMENT_AFTER_MS, stuckPaymentNotification } from './event-notifications';
import { getEntry, pendingEntriesBefore } from '../entries';
import { existingNotificationIds, notificationIdOf, recordNotification } from './store/notifications';

/**
 * Every minute: one warning notification for each payment still
 * pending five minutes after it started, from the same sparse index of
 * pending payments that reconciliation reads. Idempotent per run: an entry
 * already notified is skipped, and the write is conditional on the entry's
 * own notification id, so racing runs make one.
 */
export async function notifyStuckPayments(now: Date): Promise<Record<string, unknown>> {
  const stuck = await pendingEntriesBefore(new Date(now.getTime() - STUCK_PAYMENT_AFTER_MS));
  // every run, zero too: no data then means the job is not running (the alarm treats that as breaching)
  recordMetric('paymentsStuckPending', stuck.length, {});
  const alreadyNotified = await existingNotificationIds(
    stuck.map((entryId) => notificationIdOf('payment-pending', entryId)),
  );
  let made = 0;
  let errors = 0;
  for (const entryId of stuck) {
    if (alreadyNotified.has(notificationIdOf('payment-pending', entryId))) continue;
    try {
      const entry = await getEntry(entryId);
      // settled or failed since the index was read: nothing is stuck
      if (entry?.status !== 'pending') continue;
      if (await recordNotification(stuckPaymentNotification(entry), now)) made += 1;
    } catch (error) {
      errors += 1;
      logger.error('stuck payment notification failed', { entryId, correlationId: entryId, error });
    }
  }
  return { stuck: stuck.length, notified: made, ...(errors > 0 ? { error: errors } : {}) };
}
