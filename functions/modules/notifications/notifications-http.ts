import { messages } from '@shared/messages';
import { NOTIFICATION_ID_PATTERN } from '@shared/notifications';
import type { HttpApp } from '../../platform/http-app';
import { notFound } from '../../platform/errors';
import { dismissNotification, markNotificationsRead } from './store/notifications';

/**
 * The admin header's notifications (spec section 4 "'Mark all as
 * read' marks all; dismiss removes one"), each admin's own: the guard has
 * checked the path `{id}` is the signed-in admin. The list is the topic
 * `admin/{id}/notifications`. Endpoints: shared/api/endpoints/admin-notifications.ts.
 */
export function registerNotificationRoutes(app: HttpApp<'admin'>): void {
  app.on('markNotificationsRead', async (request) => {
    await markNotificationsRead(request.params.id!, request.now);
    return { message: messages.notification.markedAllRead };
  });

  app.on('dismissNotification', async (request) => {
    const notificationId = request.params.notificationId ?? '';
    const dismissed =
      NOTIFICATION_ID_PATTERN.test(notificationId) &&
      (await dismissNotification(request.params.id!, notificationId, request.now));
    if (!dismissed) throw notFound(messages.notification.notFound);
    return { message: messages.notification.dismissed };
  });
}
