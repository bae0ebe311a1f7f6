import { topicNames } from '@shared/topics';
import { partnerDashboardEvents } from '../../dashboards';
import { entityOf, valuesOf, type ItemChange } from '../../../platform/item-change';
import { defineTopic } from '../topic-definition';
import { subscribedTopicsGroup } from '../topic-groups';
import { staffUserChanged } from './admin-partners';

/**
 * `partner/{id}/dashboard` (DESIGN section 6): that partner only.
 * Its assignments' counters and items, its balances, its draws and its own
 * profile refresh it — each change names its partner, so no read is needed.
 * A promotion's own change (an admin's edit of its price, prize or title)
 * names none: every open partner dashboard is refreshed.
 */
export const partnerDashboardTopic = defineTopic('partnerDashboard', {
  snapshot: (params, now) => partnerDashboardEvents(params.id!, now),
  affectedBy(change: ItemChange) {
    if (entityOf(change) === 'promotion') return [subscribedTopicsGroup(topicNames.partnerDashboard(':id'))];
    return partnersOf(change).map((partnerId) => topicNames.partnerDashboard(partnerId));
  },
});

function partnersOf(change: ItemChange): string[] {
  const entity = entityOf(change);
  let ids: unknown[] = [];
  if (entity === 'counter' || entity === 'assignment' || entity === 'draw') ids = valuesOf(change, 'partnerId');
  else if (entity === 'balance' && valuesOf(change, 'ownerRole').includes('partner')) ids = valuesOf(change, 'userId');
  else if (staffUserChanged(change, 'partner', ['username', 'mobileMoneyNumber'])) ids = valuesOf(change, 'id');
  return [...new Set(ids.filter((id): id is string => typeof id === 'string' && id !== ''))];
}
