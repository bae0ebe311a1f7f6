import * as z from 'zod';
import { NOTIFICATION_TYPES, NOTIFICATIONS_SHOWN } from '../../notifications';
import { lazySchema } from './lazy-schema';

export { NOTIFICATION_ID_PATTERN, type NotificationType } from '../../notifications';
export { NOTIFICATIONS_EVENT } from '../../topics';

/**
 * The admin header's notifications (spec section 4 "Notifications:
 * unread or read; 'Mark all as read' marks all; dismiss removes one"), fed
 * by real events: new winners, failed payouts, payments stuck pending.
 */
const notificationRow = /* @__PURE__ */ lazySchema(() =>
  z.object({
    ID: z.string(),
    Type: z.enum(NOTIFICATION_TYPES),
    Title: z.string(),
    Message: z.string(),
    /** ISO time the notification was made. */
    CreatedAt: z.string(),
    /** This admin marked all as read after it was made. */
    Read: z.boolean(),
  }),
);
export type NotificationRow = z.infer<typeof notificationRow>;

/**
 * Event `notifications` of topic `admin/{id}/notifications`: the newest
 * NOTIFICATIONS_SHOWN notifications this admin has not dismissed, newest
 * first; `Unread` counts the unread among them (the badge).
 */
export const adminNotifications = /* @__PURE__ */ lazySchema(() =>
  z.object({
    Notifications: z.array(notificationRow).max(NOTIFICATIONS_SHOWN),
    Unread: z.number().int().nonnegative(),
  }),
);
export type AdminNotifications = z.infer<typeof adminNotifications>;
