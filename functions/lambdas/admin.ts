import { adminCatalogEndpoints } from '@shared/api/endpoints/admin-catalog';
import { adminNotificationEndpoints } from '@shared/api/endpoints/admin-notifications';
import { adminPredictionEndpoints, adminTaxAnalyticsEndpoints } from '@shared/api/endpoints/admin-predictions';
import { adminStaffEndpoints } from '@shared/api/endpoints/admin-staff';
import { createHttpApp } from '../platform/http-app';
import { registerAnnouncerRoutes } from '../modules/staff/announcers-http';
import { registerAssignmentRoutes } from '../modules/catalog/assignments-http';
import { registerAuditLogRoutes } from '../modules/staff/audit-log-http';
import { registerNotificationRoutes } from '../modules/notifications/notifications-http';
import { registerPartnerRoutes } from '../modules/staff/partners-http';
import { registerPredictionRoutes } from '../modules/catalog/predictions-http';
import { registerPromotionRoutes } from '../modules/catalog/promotions-http';
import { registerSettingsRoutes } from '../modules/draws/settings-http';
import { registerTaxAnalyticsRoutes } from '../modules/reports/tax-analytics-http';
import { listAssignments } from '../modules/catalog/store/assignments';
import { listBalances } from '../modules/payouts/store/balances';
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
// staff's screens show balances (payouts) and assignments (catalog), modules above staff
const payeeReads = { balancesOf: listBalances, assignmentsOf: listAssignments };
registerPartnerRoutes(app, payeeReads);
registerAnnouncerRoutes(app, payeeReads);
registerAuditLogRoutes(app);
registerPredictionRoutes(app);
registerTaxAnalyticsRoutes(app);
registerPromotionRoutes(app);
registerAssignmentRoutes(app);
registerSettingsRoutes(app);
registerNotificationRoutes(app);

export const handler = app.handler;
export const implementedRoutes = app.implemented;
