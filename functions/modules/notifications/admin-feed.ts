import type { AdminNotifications } from '@shared/api/schemas/notifications';
import { NOTIFICATIONS_SHOWN } from '@shared/notifications';
import { topicEvents, type TopicSnapshot } from '@shared/topics';
import { notificationsShownTo, type Notification } from './store/notifications';

/**
 * One admin's notifications dropdown (spec section 4): the newest
 * notifications it has not dismissed, each read or unread for that admin,
 * and the badge's unread count among them.
 */
export async function adminNotificationEvents(
  adminId: string,
  now: Date,
): Promise<TopicSnapshot<'adminNotifications'>> {
  const { notifications, readUpTo } = await notificationsShownTo(adminId, NOTIFICATIONS_SHOWN, now);
  return [topicEvents('adminNotifications').notifications(notificationFeed(notifications, readUpTo))];
}

/** 'Mark all as read' marks what was made until then: a notification is read if made no later than `readUpTo`. */
export function notificationFeed(notifications: Notification[], readUpTo: string | undefined): AdminNotifications {
  const rows = notifications.map((n) => ({
    ID: n.id,
    Type: n.type,
    Title: n.title,
    Message: n.message,
    CreatedAt: n.createdAt,
    Read: readUpTo !== undefined && n.createdAt <= readUpTo,
  }));
  return { Notifications: rows, Unread: rows.filter((row) => !row.Read).length };
}
