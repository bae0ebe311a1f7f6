import { ADMIN_SELF } from '../access';
import { route, type RouteSpec } from '../route-spec';

/**
 * The admin header's notifications (spec section 4): any admin,
 * on its own `{id}` only, marks all of its notifications read or dismisses
 * one (404 {error} for an unknown id). The list itself is the live topic
 * `admin/{id}/notifications`.
 */
export const adminNotificationEndpoints = {
  markNotificationsRead: route('PUT', '/api/v1/admin/:id/notifications/read', 'admin', ADMIN_SELF),
  dismissNotification: route('DELETE', '/api/v1/admin/:id/notifications/:notificationId', 'admin', ADMIN_SELF),
} as const satisfies Record<string, RouteSpec>;
