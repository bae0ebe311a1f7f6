import { adminCatalogEndpoints } from '@shared/api/endpoints/admin-catalog';
import { adminNotificationEndpoints } from '@shared/api/endpoints/admin-notifications';
import { adminPredictionEndpoints, adminTaxAnalyticsEndpoints } from '@shared/api/endpoints/admin-predictions';
import { adminStaffEndpoints } from '@shared/api/endpoints/admin-staff';
import { createHttpApp } from '../lib/http-app';
import { register as registerAnnouncers } from './announcers';
import { register as registerAssignments } from './assignments';
import { register as registerAuditLog } from './audit-log';
import { register as registerNotifications } from './notifications';
import { register as registerPartners } from './partners';
import { register as registerPredictions } from './predictions';
import { register as registerPromotions } from './promotions';
import { register as registerSettings } from './settings';
import { register as registerTaxAnalytics } from './tax-analytics';

/**
 * The admin Lambda: one app, its routes registered by area modules beside
 * this file (each exports `register(app)` and owns one routes/ file).
 */
const app = createHttpApp(
  'admin',
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
