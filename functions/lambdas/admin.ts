import { adminCatalogEndpoints } from '@shared/api/endpoints/admin-catalog';
import { adminNotificationEndpoints } from '@shared/api/endpoints/admin-notifications';
import { adminPredictionEndpoints, adminTaxAnalyticsEndpoints } from '@shared/api/endpoints/admin-predictions';
import { adminStaffEndpoints } from '@shared/api/endpoints/admin-staff';
import { adminSiteEndpoints } from '@shared/api/endpoints/site-content';
import { createHttpApp } from '../platform/http-app';
import {
  registerAnnouncerRoutes,
  registerAuditLogRoutes,
  registerPartnerRoutes,
  staffSessions,
} from '../modules/staff';
import {
  registerAssignmentRoutes,
  registerPredictionRoutes,
  registerSiteContentRoutes,
  registerPromotionRoutes,
  listAssignments,
} from '../modules/catalog';
import { registerNotificationRoutes } from '../modules/notifications';
import { registerSettingsRoutes } from '../modules/draws';
import { registerTaxAnalyticsRoutes } from '../modules/reports';
import { listBalances } from '../modules/payouts';

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
  adminSiteEndpoints,
);
// staff's screens show balances (payouts) and assignments (catalog), modules above staff
const payeeReads = { balancesOf: listBalances, assignmentsOf: listAssignments };
registerPartnerRoutes(app, payeeReads);
registerAnnouncerRoutes(app, payeeReads);
registerAuditLogRoutes(app);
registerPredictionRoutes(app);
registerSiteContentRoutes(app);
registerTaxAnalyticsRoutes(app);
registerPromotionRoutes(app);
registerAssignmentRoutes(app);
registerSettingsRoutes(app);
registerNotificationRoutes(app);

export const handler = app.handler;
export const implementedRoutes = app.implemented;
