import { adminNotificationRoutes as routes } from '@shared/api/routes/admin-notifications';
import { callRoute } from '@web/lib/api-routes';

/**
 * The header's notification actions (spec section 4 "Notifications"): the
 * admin's own `{id}`; the list itself is the live topic
 * `admin/{id}/notifications`, which pushes the new read state after each.
 */
export const markAllNotificationsRead = (adminId: string) => callRoute(routes.markNotificationsRead, { id: adminId });

export const dismissNotification = (adminId: string, notificationId: string) =>
  callRoute(routes.dismissNotification, { id: adminId, notificationId });
