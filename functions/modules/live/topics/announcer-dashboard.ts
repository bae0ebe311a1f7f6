import { topicNames } from '@shared/topics';
import { announcerDashboardEvents } from '../../dashboards';
import { entityOf, valuesOf, type ItemChange } from '../../../platform/item-change';
import { defineTopic } from '../topic-definition';
import { partnerAnnouncersGroup, subscribedTopicsGroup } from '../topic-groups';
import { staffUserChanged } from './admin-partners';

/**
 * `announcer/{id}/dashboard` (DESIGN section 6): that announcer only.
 * Refreshed by what names the announcer (its balances, its own profile)
 * and by partner-wide changes — its partner's assignments (the open
 * window's count), counters and draws — through the partner's announcers
 * group, which the fan-out expands (topic-groups.ts). A promotion's own
 * change (its price, prize or title: rare, an admin's edit) names no partner
 * without a read, so it refreshes every open announcer dashboard: the banner
 * shows the price USSD already charges.
 */
export const announcerDashboardTopic = defineTopic('announcerDashboard', {
  snapshot: (params, now) => announcerDashboardEvents(params.id!, now),
  affectedBy(change: ItemChange) {
    const entity = entityOf(change);
    let ids: unknown[] = [];
    if (entity === 'balance' && valuesOf(change, 'ownerRole').includes('announcer')) ids = valuesOf(change, 'userId');
    else if (staffUserChanged(change, 'announcer', ['username', 'searchString', 'partnerId', 'lastCheckIn']))
      ids = valuesOf(change, 'id');
    if (entity === 'promotion') return [subscribedTopicsGroup(topicNames.announcerDashboard(':id'))];
    const topics = [...new Set(ids.filter((id): id is string => typeof id === 'string' && id !== ''))].map((id) =>
      topicNames.announcerDashboard(id),
    );
    if (
      entity === 'assignment' ||
      entity === 'draw' ||
      (entity === 'counter' && valuesOf(change, 'partnerId').length > 0)
    ) {
      for (const partnerId of valuesOf(change, 'partnerId')) {
        if (typeof partnerId === 'string' && partnerId !== '') topics.push(partnerAnnouncersGroup(partnerId));
      }
    }
    return [...new Set(topics)];
  },
});
