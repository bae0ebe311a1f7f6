import { topicNames } from '@shared/topics';
import { adminNotificationEvents } from '../../notifications';
import { entityOf, valuesOf, type ItemChange } from '../../../platform/item-change';
import { defineTopic } from '../topic-definition';
import { subscribedTopicsGroup } from '../topic-groups';

const PATTERN = topicNames.adminNotifications(':id');

/**
 * `admin/{id}/notifications` (spec section 4 header): that admin
 * only — plain admins too — with its own read state. A notification made,
 * expired or deleted concerns every admin: it names the group of subscribed
 * instances (this topic lists its subscriptions). An admin's read state
 * names that admin's topic alone.
 */
export const adminNotificationsTopic = defineTopic('adminNotifications', {
  snapshot: (params, now) => adminNotificationEvents(params.id!, now),
  affectedBy(change: ItemChange) {
    const entity = entityOf(change);
    if (entity === 'notification') return [subscribedTopicsGroup(PATTERN)];
    if (entity === 'notificationsRead' || entity === 'notificationDismissed') {
      return [...new Set(valuesOf(change, 'adminId'))]
        .filter((id): id is string => typeof id === 'string' && id !== '')
        .map((id) => topicNames.adminNotifications(id));
    }
    return [];
  },
});
