/**
 * Admin notifications (DESIGN section 6, live topics): what the admins are told about
 * other modules' changes (new payouts, failed ones, stuck payments), their
 * feed, and reading and dismissing them. Above the modules it watches. The
 * module's entry.
 */

export { adminNotificationEvents } from './admin-feed';
export { notificationOfChange } from './event-notifications';
export { registerNotificationRoutes } from './notifications-http';
export { notifyStuckPayments } from './notify-stuck-payments';
export { getNotification, notificationIdOf, recordNotification, type NewNotification } from './store/notifications';
