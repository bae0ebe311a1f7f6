import { PAYOUTS_TOPIC_SIZE, topicEvents, topicNames } from '@shared/topics';
import { payoutRecords, listPayoutsPage } from '../../payouts';
import { entityOf, type ItemChange } from '../../../platform/item-change';
import { defineTopic } from '../topic-definition';

/**
 * `admin/payouts`: `{Payouts:[...]}`, the newest payouts,
 * for super admins; refreshed whenever a payout is started, settled or
 * retried. The pay dialog watches it for its payouts' final outcome, and the
 * Payouts screen's unfiltered first page is it.
 */
export const adminPayoutsTopic = defineTopic('adminPayouts', {
  async snapshot() {
    const { payouts } = await listPayoutsPage({}, PAYOUTS_TOPIC_SIZE);
    return [topicEvents('adminPayouts').payouts({ Payouts: await payoutRecords(payouts) })];
  },
  affectedBy(change: ItemChange) {
    return entityOf(change) === 'payout' ? [topicNames.adminPayouts] : [];
  },
});
