import { adminNotificationEndpoints } from '../endpoints/admin-notifications';
import { withAnswers } from '../route-spec';
import { messageResponse } from '../schemas/common';

/** adminNotificationEndpoints with the schema of each route's 2xx answer: the typed contract callers use. */
export const adminNotificationRoutes = withAnswers(adminNotificationEndpoints, {
  markNotificationsRead: messageResponse,
  dismissNotification: messageResponse,
});
