import { topicNames } from '@shared/topics';
import { overviewEvents } from '../../dashboards';
import { isPlatformOwner, isRefundOwner, MONEY_OUT } from '../../ledger';
import { entityOf, valuesOf, type ItemChange } from '../../../platform/item-change';
import { defineTopic } from '../topic-definition';

/** Items whose change moves an overview figure (besides platform counters, sharded or not, MONEYOUT and REFUNDS counters). */
const OVERVIEW_ENTITIES = new Set(['draw', 'taxFiling', 'settings']);

/**
 * `admin/overview` (DESIGN section 6): every admin — plain admins
 * too — sees the overview record as four events (functions/modules/dashboards/overview.ts).
 * Platform and money-out counters, draw records (winners, payout status),
 * tax filings and the house settings (the fee rate) refresh it.
 */
export const adminOverviewTopic = defineTopic('adminOverview', {
  snapshot: (_params, now) => overviewEvents(now),
  affectedBy(change: ItemChange) {
    const entity = entityOf(change);
    const platformCounter =
      entity === 'counter' &&
      valuesOf(change, 'owner').some((owner) => isPlatformOwner(owner) || owner === MONEY_OUT || isRefundOwner(owner));
    return platformCounter || OVERVIEW_ENTITIES.has(entity ?? '') ? [topicNames.adminOverview] : [];
  },
});
