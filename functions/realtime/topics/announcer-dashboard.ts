import { topicNames } from '../../../shared/topics';
import { announcerDashboardEvents } from '../../dashboards/announcer-dashboard';
import { entityOf, valuesOf, type ItemChange } from '../item-change';
import type { TopicDefinition } from '../topic-definition';
import { staffUserChanged } from './admin-partners';

/**
 * `announcer/{id}/dashboard` (DESIGN section 6; issue 7): that announcer only.
 * Refreshed by what names the announcer: its balances (a paid entry credits
 * every checked-in announcer's share) and its own profile (name, code,
 * partner, check-in). Known gap: partner-wide changes — a draw, an entry of a
 * promotion with no announcer share — name only the partner, and mapping a
 * partner to its announcers needs a read, which affectedBy must not do; that
 * takes a fan-out step expanding a partner into its announcers' topics.
 */
export const announcerDashboardTopic: TopicDefinition = {
  pattern: topicNames.announcerDashboard(':id'),
  canRead: (user, params) => user.role === 'announcer' && user.id === params.id,
  snapshot: (params, now) => announcerDashboardEvents(params.id!, now),
  affectedBy(change: ItemChange) {
    const entity = entityOf(change);
    let ids: unknown[] = [];
    if (entity === 'balance' && valuesOf(change, 'ownerRole').includes('announcer')) ids = valuesOf(change, 'userId');
    else if (staffUserChanged(change, 'announcer', ['username', 'searchString', 'partnerId', 'lastCheckIn'])) ids = valuesOf(change, 'id');
    return [...new Set(ids.filter((id): id is string => typeof id === 'string' && id !== ''))].map((id) => topicNames.announcerDashboard(id));
  },
};
