/**
 * Admin notifications vocabulary (spec section 4 header), free of
 * zod so the ws and stream Lambdas, which name these but never validate, do
 * not bundle it (DESIGN section 9). The payload's schema is
 * shared/api/schemas/notifications.ts.
 */

/** Typed as the spec's samples: a new winner is a success, a payment stuck pending a warning, a failed payout an error. */
export const NOTIFICATION_TYPES = ['success', 'warning', 'error'] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

/** How many notifications the dropdown lists: the newest not dismissed. */
export const NOTIFICATIONS_SHOWN = 20;

/** A notification id as issued (`<kind>-<source id>`); any other path value is a 404, never a key DynamoDB would refuse. */
export const NOTIFICATION_ID_PATTERN = /^[A-Za-z0-9_-]{1,128}$/;
