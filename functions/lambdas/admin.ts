import { adminCatalogEndpoints } from '@shared/api/endpoints/admin-catalog';
import { adminNotificationEndpoints } from '@shared/api/endpoints/admin-notifications';
import { adminPredictionEndpoints, adminTaxAnalyticsEndpoints } from '@shared/api/endpoints/admin-predictions';
import { adminStaffEndpoints } from '@shared/api/endpoints/admin-staff';
import { createHttpApp } from '../platform/http-app';
import { register as registerAnnouncers } from '../modules/staff/announcers-http';
import { register as registerAssignments } from '../modules/catalog/assignments-http';
import { register as registerAuditLog } from '../modules/staff/audit-log-http';
import { register as registerNotifications } from '../modules/staff/notifications-http';
import { register as registerPartners } from '../modules/staff/partners-http';
import { register as registerPredictions } from '../modules/catalog/predictions-http';
import { register as registerPromotions } from '../modules/catalog/promotions-http';
import { register as registerSettings } from '../modules/games/settings-http';
import { register as registerTaxAnalytics } from '../modules/reports/tax-analytics-http';
import { staffSessions } from '../modules/staff/session-lookup';

/**
 * The admin Lambda: one app, its routes registered by area modules beside
 * this file (each exports `register(app)` and owns one routes/ file).
 */
const app = createHttpApp(
  'admin',
  staffSessions,
  adminCatalogEndpoints,
  adminNotificationEndpoints,
  adminPredictionEndpoints,
  adminTaxAnalyticsEndpoints,
  adminStaffEndpoints,
);
registerPartners(app);
registerAnnouncers(app);
registerAuditLog(app);
registerPredictions(app);
registerTaxAnalytics(app);
registerPromotions(app);
registerAssignments(app);
registerSettings(app);
registerNotifications(app);

export const handler = app.handler;
export const implementedRoutes = app.implemented;
