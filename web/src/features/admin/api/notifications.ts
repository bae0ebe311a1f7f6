import { routes } from '@shared/api/routes';
import type { NotificationActionAnswer } from '@shared/api/schemas/notifications';
import { callRouteAs } from '@web/lib/api-routes';

/**
 * The header's notification actions (spec section 4 "Notifications"): the
 * admin's own `{id}`; the list itself is the live topic
 * `admin/{id}/notifications`, which pushes the new read state after each.
 */
export function markAllNotificationsRead(adminId: string): Promise<NotificationActionAnswer> {
  return callRouteAs<NotificationActionAnswer>(routes.markNotificationsRead, { id: adminId });
}

export function dismissNotification(adminId: string, notificationId: string): Promise<NotificationActionAnswer> {
  return callRouteAs<NotificationActionAnswer>(routes.dismissNotification, { id: adminId, notificationId });
}
